import { evidenceFor, type TextView } from './text-view.js';
import type { UnfairTermCategory, UnfairTermField, UnfairTermLevel } from './types.js';

/**
 * Unfair terms of service, sentence by sentence, in the eight CLAUDETTE categories (Lippi et al.;
 * the corpus under `../shared/data/contracts/tos/`). Each hit carries CLAUDETTE's level: 1 clearly
 * fair, 2 potentially unfair, 3 clearly unfair. The rules read who holds the power (the provider:
 * "we", "the Company", a brand name; not "you"), what it may do, and the qualifiers that decide
 * the level ("at any time", "for any reason", "without notice" versus a stated breach; "your home
 * courts" versus a far-away exclusive forum).
 */

/** Discretion without a stated reason: the marks of CLAUDETTE's level 3 for termination and content removal. */
const UNQUALIFIED =
  /\bat\sany\stime\b|\bfor\sany\s(?:or\sno\s)?reason\b|\bfor\sno\sreason\b|\bwithout\s(?:any\s)?(?:prior\s)?(?:notice|cause|reason|explanation|liability)\b|\b(?:sole|absolute|own)\sdiscretion\b|\bfor\swhatever\sreason\b/i;
/** A stated reason (a breach, illegality, infringement) makes the power only potentially unfair. */
const REASON =
  /\bbreach|\bviolat|\binfring|\billegal|\bunlawful|\bfraud|\bmisuse|\babus|\bnot\scompl|\bfail(?:s|ure)?\sto\scompl|\bcontrary\sto\b|\bobjectionable|\binappropriate|\boffensive|\bjustified\sreason/i;

const CONTRACT_BY_USING =
  /\b(?:by|through)\s(?:(?:clicking|creating|registering|signing\sup|downloading|installing|using|accessing|visiting|browsing|ordering|placing|opening|purchasing|subscribing|logging)\b)[^.]{0,200}?\b(?:agree|accept|consent|bound|acknowledge)|\b(?:use|access|using|accessing|visit|download)\w*\s(?:of\s)?(?:the|our|this|any)\b[^.]{0,100}?\b(?:constitutes?|signif(?:y|ies)|indicates?|means|deemed)\b[^.]{0,60}?\b(?:accept|agree|consent|bound)|\bcontinu(?:e|ed|ing)\s(?:to\s)?(?:access|use|using)\b[^.]{0,160}?\b(?:accept|agree|consent|bound)|\b(?:accepted|agreed)\s(?:to\s)?by\syou\b[^.]{0,120}?\b(?:use|download|access)|\byour\s(?:choice|decision)\sto\s(?:maintain|access|use)\b[^.]{0,120}?\bconstitutes\b|\bin\sexchange\sfor\s(?:being\s(?:enabled|allowed)\sto\suse|using)\b[^.]{0,80}?\bagree|\bif\syou\s(?:do\snot|don't)\sagree\b[^.]{0,120}?\b(?:not|stop|cease)\s(?:to\s)?(?:use|access|using|accessing)\b|\b(?:bound\s(?:by|to)|accept\w*)\b[^.]{0,80}?\bif\syou\scontinue\s(?:to\suse|using)\b|\bagree\w*\b[^.]{0,60}?\bby\s(?:using|accessing|visiting|downloading|installing)\b|\b(?:use|using)\b[^.]{0,80}?\bimplies\sacceptance\b|\bbecome\spart\sof\syour\sagreement\b[^.]{0,40}?\bif\syou\suse\b/i;

/**
 * What the reader agrees to by using: the terms themselves ("agree to be bound by these
 * conditions", "accept the Terms"), not one fact inside them ("by using the Services, you agree
 * that your information may be collected", "you agree to pay any fees", "you agree not to").
 */
const TO_THE_TERMS =
  /\b(?:bound\s(?:by|to)|(?:agree|consent|accept)\w*\s(?:(?:to|with)\s)?(?:comply\swith\s)?(?:all\s(?:of\s)?)?(?:these|the|this|our|its|such|any)\s(?:[\w"-]+\s){0,4}?(?:terms|conditions|agreement|tos|polic(?:y|ies)|rules|changes|modifications)\b|acceptance\sof\s(?:these|the|this|our|its|such|any)\s(?:[\w"-]+\s){0,4}?(?:terms|conditions|agreement|tos|changes|modifications)\b|agree\w*\sto\s(?:this|these|the)\s"|if\syou\s(?:do\snot|don't)\sagree)/i;

const CHOICE_OF_LAW =
  /\b(?:governed\sby|construed\s(?:in\saccordance\swith|under|by)|interpreted\s(?:in\saccordance\swith|under)|subject\sto)\s(?:the\s)?(?:substantive\s)?laws?\sof\b|\blaws?\sof\s(?:the\s)?[A-Z][^.]{0,80}?\b(?:govern|appl(?:y|ies))\b|\blaws?\sof\s(?:your|the\sconsumer's)\s(?:country|state)\b|\blocal\slaws?\sof\sthe\sconsumer|\b(?:applicable|governing)\slaw\s(?:is|shall\sbe|will\sbe)\b|\bmandatory\s(?:provisions|consumer\sprotection|rules)\b|\bprotection\safforded\sto\syou\sby\smandatory\b|\b(?:governed|construed|interpreted)\s(?:by|under|in\saccordance\swith)\s(?:the\s)?(?:[A-Z][\w.]*\s){1,3}laws?\b|\b(?:[A-Z][a-z]+|country's|state's)\slaws?\s(?:will|shall)\s(?:govern|apply)\b|\b[A-Z][a-z]+\slaw\b[^.]{0,30}\bmandatory\b|\b(?:protection|rights?)\s(?:\w+\s){0,3}?under\sthe\slaws?\sof\sthe\s(?:country|state|place)\s(?:where|in\swhich)\syou\b/i;
const LAW_PROTECTS_CONSUMER =
  /\bmandatory\b|\byour\s(?:country|state)(?:'s|\sof\sresidence's)\slaws?\b|\blaws?\sof\syour\s(?:country|state)\b|\bhabitual\sresidence\b|\b(?:country|state|place)\s(?:of|where|in\swhich)\s(?:you|your)\s(?:live|reside|residence|are\sresident)|\byou\s(?:can\s|may\s)?(?:still\s|also\s)?rely\b|\bdoes\snot\s(?:deprive|affect)\syou\b/i;

const JURISDICTION =
  /\b(?:courts?|tribunals?)\b[^.]{0,140}?\b(?:jurisdiction|venue|exclusive(?:ly)?|submit|litigat\w*|brought|resolved|settled|competent|heard)\b|\b(?:jurisdiction|venue)\b[^.]{0,100}?\bcourts?\b|\bsue\sus\b|\bbring\s(?:(?:legal\s)?proceedings|(?:a\s|any\s)?(?:legal\s)?claims?|an?\s(?:legal\s)?action)\b|\baccess\sto\sthe\scourts\s(?:in|of)\b[^.]{0,100}?\b(?:courts?|within\s(?:the\s)?[A-Z])|\binconvenient\sforum\b|\bplace\sof\sjurisdiction\b|\bforum\snon\sconveniens\b|\bpersonal\sjurisdiction\b|\b(?:submitted|brought|resolved|litigated|heard|filed|initiated)\b[^.]{0,80}?\bcourts?\b|\b(?:local|competent|home)\scourts?\b/i;
/** Severability ("found by a court of competent jurisdiction to be invalid"), fee shifting and arbitration venues are not a choice of forum. */
const NOT_JURISDICTION =
  /\b(?:court|tribunal|body|authority)\b[^.]{0,80}\b(?:finds?|found|holds?|held|rules?|determines?|deems?|declares?)\b[^.]{0,80}\b(?:invalid|unenforceable|illegal|void)|\bcourt\sof\scompetent\sjurisdiction\b[^.]{0,40}\b(?:invalid|unenforceable|illegal|void)|\b(?:invalid|unenforceable)\b[^.]{0,60}\bcourt\sof\scompetent|\bprevailing\sparty\b|\bprovisional\sremed|\b(?:injunctive|interim|urgent|equitable)\s(?:or\s\w+\s)?(?:relief|remed\w*|measures)\b|\b(?:award|judgment)\b[^.]{0,80}\bcourt\b|\bcourt\b[^.]{0,60}\benforce\w*\b[^.]{0,40}\baward\b|\bsmall\sclaims\scourt\b|\bindividual\scapacity\b|^\W*(?:\w{1,3}\W+)?a\sstatement\sthat\b/i;
const COURTS_NEAR_CONSUMER =
  /\byour\s(?:home|local)\scourts?\b|\bcourts?\s(?:of|in)\s(?:the\s)?(?:country|place|state|member\sstate)\s(?:in\swhich|where)\syou\b|\bwhere\syou\s(?:live|reside|are\sdomiciled)\b|\byou\s(?:may|can)\s(?:also\s)?(?:sue|bring|choose)\b|\bcourts?\sof\syour\s(?:habitual\sresidence|place\sof\s(?:residence|abode))\b|\baccess\sto\sthe\scourts\sin\sthat\scountry\b|\bconsumer\smay\salso\sbring\b/i;

const ARBITRATION = /\barbitrat/i;
/** The sentence that sends disputes to arbitration, not the procedure that follows. */
const ARBITRATION_BINDS =
  /\b(?:disputes?|claims?|controvers\w+)\b[^.]{0,200}?\b(?:resolved|settled|decided|determined|submitted|referred|governed|conducted)\b[^.]{0,80}?\barbitrat(?!or)|\b(?:binding|mandatory|individual|final)\s(?:and\s\w+\s)?arbitration\b|\barbitration\s(?:agreement|clause|provision)s?\b[^.]{0,80}?\b(?:contain|agree|appl|affect)|\b(?:submit|agree)\w*\sto\s(?:the\s)?(?:\w+\s){0,3}?arbitrat|\barbitration\s(?:shall|will)\sbe\s(?:initiated|conducted|held)\b|\bany\sarbitration\b[^.]{0,80}?\b(?:conducted|held|initiated|settled|governed)\b|\belection\sto\sarbitrate\b|\barbitration\b[^.]{0,20}\b(?:governed|settled)\s(?:by|under)\b[^.]{0,60}\brules\b/i;
/** Words that send disputes to arbitration outright; they outweigh an exception or the statute named beside them. */
const ARBITRATION_STRONG =
  /\b(?:binding|mandatory|individual)\s(?:and\s\w+\s)?arbitration\b|\b(?:agree|submit)\w*\sto\s(?:the\s)?(?:\w+\s){0,3}?arbitrat|\b(?:disputes?|claims?)\b[^.]{0,120}?\b(?:resolved|settled|determined)\s(?:exclusively\s)?(?:by|through|in)\s(?:\w+\s){0,2}?arbitration\b/i;
/** Where the arbitration sits: a named place ("take place in London"), not a manner ("in English", "by telephone"). Case matters. */
const ARBITRATION_PLACE =
  /\barbitration\s(?:hearing\s)?(?:shall|will|may)\s(?:be\s)?(?:take\splace|held|conducted|initiated|seated)\s(?:at\sa\slocation[^.]{0,40}\s)?in\s(?:the\s)?(?!English\b)[A-Z]/;
/** Procedure and escape hatches inside an arbitration section are not the agreement to arbitrate. */
const NOT_ARBITRATION =
  /\b(?:not\spreclude|decline\sthis|unenforceable|null\sand\svoid|deemed\svoid|fees?\b[^.]{0,30}\barbitrat\w*|arbitration\sfees|exception\sto|surviv\w*|conducted\s(?:in\sEnglish|by\stelephone)|in\syour\sfavou?r|the\sdetails|changes?\sto\sthis\sarbitration|will\snot\senforce|where\syou\s(?:reside|live)|your\scounty\sof\sresidence|convenient\s(?:to|for)\syou)\b|\b(?:administered|conducted)\sby\s(?:the\s)?(?:American\sArbitration|AAA|JAMS)\b|"[^"]{0,40}arbitration[^"]{0,40}"/i;
/** An exception or the statute that governs the clause: not the agreement, unless the sentence also makes it. */
const ARBITRATION_ASIDE = /\b(?:opt[- ]out|except\swhere|federal\sarbitration\sact)\b/i;

const UNILATERAL_CHANGE =
  /\b(?:change|changes|modify|modifies|amend|amends|update|updates|revise|revises|alter|replace|discontinue|suspend|vary|add\sor\sremove)\b[^.]{0,120}?\b(?:terms|agreement|conditions|polic(?:y|ies)|services?|features?|functionalit\w*|prices?|fees?|rates?|content|products?|goods|offer\w*|number|provisions?|subscriptions?|payment\smethods|limits|parameters|items|site|platform|these|this|them|it)\b|\b(?:terms|agreement|conditions|polic(?:y|ies))\b[^.]{0,80}?\b(?:may|might|will|can)\s(?:be\s)?(?:changed|modified|amended|updated|revised|altered)\b|\bchanges?\sto\s(?:these|the|this|our)\s(?:terms|agreement|conditions)|\b(?:look\sat|check|review)\s(?:these|the)\sterms\s(?:periodically|regularly|from\stime\sto\stime)|\bmake\schanges\b/i;

const TERMINATION =
  /\b(?:terminat\w*|suspend\w*|disabl\w*|deactivat\w*|delet\w*|cancel\w*|clos(?:e|ing)|block\w*|restrict(?!ions?\b)\w*|discontinu\w*|ban|revok\w*|cease)\b[^.]{0,100}?\b(?:accounts?|access|memberships?|services?|subscriptions?|agreement|you|use|feeds?|licen[cs]es?|profiles?|contract|relationship|orders?|operating|members?|subscribers?|players?)\b|\brefuse\s(?:to\sprovide\s)?(?:\w+\s){0,3}?(?:services?|access|accounts?|registration|memberships?|app|site|website|platform)\b|\b(?:either\sparty|you\sor\s(?:we|us|the\scompany))\smay\sterminate\b|\buntil\sterminated\sby\b|\bgrounds?\sfor\s(?:\w+\s){0,2}?(?:termination|suspension|ban|removal|closure)\b|\brisk\sof\sbeing\s(?:banned|suspended|terminated|removed)\b|\b(?:account|membership|subscription)s?\b[^.]{0,40}?\b(?:may|will|shall)\s(?:\w+\s)?expire\b|\b(?:account|access|membership|subscription|licen[cs]es?)s?\b[^.]{0,120}?\b(?:may|might|will|can|could)\s(?:\w+\s)?be\s(?:suspended|terminated|disabled|deleted|cancell?ed|closed|revoked|blocked)\b|\bresult\sin\s(?:the\s)?(?:suspension|termination)\b|\bstop\sproviding\b|\b(?:permission|right|licen[cs]e|access)\w*\b[^.]{0,60}?\bterminate\s(?:automatically|immediately)\b|\blicen[cs]es?\s(?:granted\s)?[^.]{0,40}?\bterminate\b/i;

const REMOVED_THING = String.raw`(?:content|material|posting|posts?|information|items?|uploads?|submissions?|listings?|reviews?|comments?|photos?|images?|data|memories|messages?|contributions?|ugc|results|reports|usernames?|forums?)`;
const CONTENT_REMOVAL = new RegExp(
  String.raw`\b(?:remov\w*|delet\w*|edit\w*|block\w*|disabl\w*|refuse\sto\s(?:post|publish|accept)|tak(?:e|ing)\sdown|moderat\w*|reject\w*|monitor\w*|screen\w*|reclaim\w*|unavailable)\b[^.]{0,100}?\b${REMOVED_THING}\b`,
  'i',
);
/** The reader deleting their own content or account, and what follows from it. */
const USER_REMOVES = /\b(?:if|when|once|after)\syou\s(?:\w+\s){0,3}?(?:delete|remove|deactivate|close)\b/i;
/** The content as the subject: "Any photo that does not meet these criteria can be removed at any time", "your content might become unavailable". */
const CONTENT_IS_REMOVED = new RegExp(
  String.raw`\b${REMOVED_THING}\b[^.]{0,80}?\b(?:may|can|might|will|could)\s(?:\w+\s)?(?:be\s(?:[\w/]+\/)?(?:removed|deleted|edited|taken\sdown|blocked|disabled)|become\sunavailable)\b`,
  'i',
);

const LIABILITY =
  /\b(?:not|never|no|nor)\b[^.]{0,60}?\b(?:liable|liability|liabilities)\b|\bany\b[^.]{0,60}?\b(?:liable|liability|liabilities)\b|\b(?:not|never|no|nor)[\s-]+(?:[\w-]+\s){0,4}?(?:responsible|responsibility)\b|\bnone\sof\s(?:which|these|this|them)\b[^.]{0,60}?\b(?:responsible|liable)\b|\blimit(?:ation)?s?\s(?:of|on)\s(?:our\s)?liability\b|\bliability\b[^.]{0,120}?\b(?:limited|exceed|shall\snot|capped|excluded)\b|\b(?:indirect|consequential|incidental|punitive|special)\s(?:or\s\w+\s)?(?:damages?|loss(?:es)?)\b|\bloss(?:es)?\sof\s(?:profits?|data|revenue|goodwill)\b|\bnothing\b[^.]{0,80}?\b(?:limits?|excludes?|removes?|restricts?)\b[^.]{0,40}?\b(?:liability|responsibility)\b|n't\s(?:\w+\s){0,2}?(?:responsible|liable)\b|\bdisclaim\w*\s(?:any\sand\sall\s|all\s|any\s)?(?:responsibility|liability)\b|\b(?:this|these|such|the\sabove)\s(?:limitations?|exclusions?)\b[^.]{0,40}?\bappl|\blimits?\s(?:or\sexcludes?\s)?(?:our|its|the|their)\s(?:total\s)?(?:liability|responsibility)\b|\bsolely\sresponsible\sfor\s(?:any\s)?(?:damage|loss|harm|injur)|\bassumes?\sall\s(?:responsibility|liability)\b|\bwithout\s(?:notice\sor\s)?liability\b|\bonly\s(?:be\s)?(?:liable\s)?(?:for\s)?direct\sdamages\b|\bloss\sof\suse\b|\b(?:total|aggregate|maximum|entire|collective)\s(?:aggregate\s)?liability\b|\b(?:is|are|remains?)\s(?:always\s|still\s|fully\s)+liable\sfor\b|\bpossibility\sof\ssuch\s(?:damages?|loss)\b|\bliability\sfor\sdeath\b|\bwe\s(?:may|will|shall)\sbe\sliable\sto\syou\b|\byou\b[^.]{0,30}?\brelease\b[^.]{0,200}?\bfrom\s(?:any\sand\sall\s|all\s|any\s)?(?:claims?|liabilit|responsibilit|damages|demands)|\b(?:excused|not\sbe\sin\sbreach)\b[^.]{0,200}?\bforce\smajeure\b|\bforce\smajeure\b[^.]{0,200}?\b(?:excused|not\sbe\sin\sbreach)\b|\bnot\sbe\sentitled\sto\s(?:claim\s)?(?:any\s)?(?:damages|compensation)\b/i;
/** Warranty disclaimers, indemnities and the user's own promises are other clauses. */
const NOT_LIABILITY =
  /\b(?:partnership|joint\sventure|agency\srelationship)\b|\b(?:release|discharge|affect)\w*\s(?:or\sotherwise\saffect\s)?your\sliabilit|\byour\s(?:sole\s)?(?:\w+\s)?liabilit(?:y|ies)\b|\byou\sagree\sto\s(?:pay|reimburse|compensate)\sus\b|^[^.]{0,80}\b(?:you|user)\s(?:represent|agree\sto\sindemnify|will\sindemnify|shall\sindemnify)|^\W*(?:[\d.()a-z]+\s)?(?:you|users?)\s(?:are|is|will\sbe|shall\sbe)\s(?:solely\s|fully\s)?(?:responsible|liable)\b|\bnot\srelieve\syou\b|\bshall\snot\sprejudice\b|\bindemnif(?:y|ies)\s(?:and\shold\sharmless\s)?us\b|\byou\b[^.]{0,40}?\bto\s(?:defend,?\s)?indemnify\b|\b(?:may|might)\snot\sapply\sto\syou\b|\bsurviv\w*\b|\bcontinue\sto\sapply\b|\b(?:you|users?)\s(?:are|is|will\sbe|shall\sbe)\snot\sliable\b|\bhold\syou\sliable\b|\bnot\sliable\sto\sus\b|^\W*(?:[\w.()]+\s)?(?:Apple|(?:the\s)?App\s(?:Store\s)?Provider)\s(?:is|has|shall|will)\b/i;
/**
 * "indemnify Company", "indemnify and hold harmless Acme": a capital starts a name, so this is read case-sensitively
 * (an all-capitals sentence tells no name apart and counts any object but "you").
 */
const INDEMNIFIES_NAMED_PARTY =
  /\b[Ii]ndemnif(?:y|ies)\s(?:and\shold\sharmless\s)?(?!You\b|Your\b)[A-Z]|\bINDEMNIF(?:Y|IES)\s(?:AND\sHOLD\sHARMLESS\s)?(?!YOU\b|YOUR\b)[A-Z]/;
const LIABILITY_FAIR =
  /\b(?:is|are|remains?)\s(?:always\s|still\s|fully\s)+liable\sfor\b|\bnothing\b[^.]{0,80}?\b(?:limits?|excludes?|removes?|restricts?|affects?)\b[^.]{0,60}?\b(?:liability|responsibility|rights)\b|\bdoes\snot\slimit\sits\sliability\b|\b(?:doesn't|does\snot)\saffect\sconsumer\srights\b|\bwe\s(?:will|shall)\s(?:either\s)?(?:repair|compensate|refund)\b|\bstatutory\srights\b|\b(?:does|do)\snot\s(?:affect|limit)\syour\s(?:statutory|legal)\srights\b|\bliability\sfor\sdeath\b|\bwe\s(?:may|will|shall)\sbe\sliable\sto\syou\b/i;

/** The provider's power reaching the verb: "we may, at any time, terminate", "X reserves the right to ... remove". */
function providerDoes(verbs: string): RegExp {
  return new RegExp(
    String.raw`\b(?:[Ww]e'll|(?:we|company|(?!You\b|Your\b|Users?\b|Members?\b|Customers?\b|If\b|When\b)[A-Z][\w.&'-]{1,30})\s(?:(?:also|further|furthermore|hereby|\w+ly)\s)?(?:may|can|might|will|shall|(?:reserve|reserves)\s(?:all\srights|the\sright)|(?:has|have|retain|retains)\sthe\s(?:(?:sole|absolute|exclusive)\s(?:and\s(?:sole|absolute|exclusive)\s)?)?right|(?:is|are)\s(?:entitled|allowed|permitted)|(?:may|can)\salso|need\s(?:the\s)?flexibility\sto))\b(?:(?!\byou\s(?:may|can|choose|elect|want|wish)\b|\b(?:give|offer)\syou\s(?:\w+\s){0,4}?(?:chance|opportunity|option|ways?|ability)\b|\b(?:allow|enable|let)\syou\b)[^.]){0,90}?(?<!\bbe\s)\b(?:${verbs})`,
  );
}
/** A shouted sentence ("WE MAY CHANGE ... AT ANY TIME") is read in lower case, where "we" is found. */
function providerDoesIt(rule: RegExp, text: string): boolean {
  return rule.test(text) || (!/[a-z]/.test(text) && rule.test(text.toLowerCase()));
}
const PROVIDER_TERMINATES = providerDoes(
  String.raw`stop\sproviding|terminat\w*|suspend\w*|disabl\w*|deactivat\w*|delet\w*|cancel\w*|close|block\w*|restrict(?!ions?\b)\w*|discontinu\w*|ban|refuse|revok\w*|end\s(?:your|this)|cease\s(?:operating|providing|offering)`,
);
const PASSIVE_TERMINATION =
  /\bresult\sin\s(?:the\s)?(?:suspension|termination)\b|\b(?:permission|right|licen[cs]e|access)\w*\b[^.]{0,60}?\bterminate\s(?:automatically|immediately)\b|\b(?:account|access|membership|subscription|licen[cs]es?|services?|feeds?)s?\b[^.]{0,120}?\b(?:may|might|will|can|could|shall)\s(?:\w+\s)?be\s(?:suspended|terminated|disabled|deleted|cancell?ed|closed|revoked|blocked)\b|\blicen[cs]es?\s(?:granted\s)?[^.]{0,40}?\bterminate\s(?:if|automatically|immediately)\b|\bdecision\son\sour\send\sto\sterminate\b|\b(?:either\sparty|you\sor\s(?:we|us|the\scompany))\smay\sterminate\b|\buntil\sterminated\sby\b|\bgrounds?\sfor\s(?:\w+\s){0,2}?(?:termination|suspension|ban|removal|closure)\b|\brisk\sof\sbeing\s(?:banned|suspended|terminated|removed)\b|\b(?:account|membership|subscription)s?\b[^.]{0,40}?\b(?:may|will|shall)\s(?:\w+\s)?expire\b/i;
/** Ending the account, the membership or the reader's access to the service, as against blocking one piece of content. */
const ENDS_ACCOUNT =
  /\b(?:terminat|suspend|disabl|deactivat|delet|cancel|clos|block|restrict|ban|revok|refus)\w*\s(?:\w+\s){0,4}?(?:accounts?|memberships?|subscriptions?|profiles?|licen[cs]es?|access\sto\s(?:[\w,]+\s){0,7}?(?:services?|site|website|platform|app|features?|accounts?)\b|access\sto\sand\b|right\sto\suse|(?:the\s|this\s|these\s)?(?:agreement|terms)\b|you\b)/i;
/** Consequences of an ending, maintenance windows and the user's own cancellation are not a unilateral power. */
const NOT_TERMINATION_POWER =
  /^\W*(?:\d[\d.]*\s)?(?:upon|on|after|following|in\sthe\sevent\sof)\s(?:the\s)?(?:termination|expiration|cancellation)\b|\bsurviv\w*\s(?:the\s)?termination\b|\b(?:repairs?|maintenance)\b|\bif\syou\s(?:choose|decide|elect|want|wish)\b|\buntil\syou\s(?:elect|choose|decide)\b|\b(?:upon|after|following)\s(?:any\s)?(?:the\s)?termination\b|\bconsequences\sof\s(?:such\s)?termination\b|\b(?:shall|will)\snot\s(?:relieve|prejudice|limit)\b|\bexplains\b/i;
const PROVIDER_CHANGES = providerDoes(
  String.raw`change|modif\w*|amend\w*|revis\w*|alter(?:s|ed|ing)?\b|replac\w*|discontinue\s(?:the|any|all|our|certain)|vary|add\sor\sremove|substitut\w*|(?:update|reset)(?:,?\sor\s(?:update|reset))?\s(?:certain\s|such\s|our\s|the\s|any\s)?(?:services?|limits|site|platform|features?|prices?|parameters|functionalit\w*|products?)\b|updat\w*\s(?:these|the|this|our|its)\s(?:[Tt]erms|TOS|[Aa]greement|[Cc]onditions|[Pp]olic\w*|[Uu]ser\s[Aa]greement)|(?:impose|establish|set|create)\s(?:\w+\s){0,3}?limits(?!\son\s(?:the\s)?(?:amount|value|number|your\swithdrawals))|limit\s(?:your|the)\s(?:use|access|number|storage)|cancel\s(?:discounts|promotions|coupons)|make\s(?:a\s)?(?:significant\s)?changes?`,
);
/** Things that change by themselves: "Our prices may change at any time", "features ... may be subject to change". */
const CHANGES_ITSELF =
  /\b(?:prices?|fees?|features?|services?|content|form|functionalit\w*|levels?|offers?|terms|polic(?:y|ies))\b[^.]{0,60}?\b(?:may|might|can|will)\s(?:\w+\s)?(?:be\ssubject\sto\s)?change\b|\bchange\sfrequently\b|\b(?:is|are)\ssubject\sto\schange\b|\bmay\svary\sfrom\stime\sto\stime\b|\b(?:amendments?|modifications?|changes?)\sto\sthese\sterms\b[^.]{0,60}\b(?:posted|announced|effective)\b/i;
/** "These Terms may be amended", "you should look at the terms regularly": the terms are the provider's to change. */
const TERMS_MAY_CHANGE =
  /\b(?:terms|agreement|conditions)\b[^.]{0,80}?\b(?:may|might|will|can)\s(?:\w+\s)?(?:be\s)?(?:changed|modified|amended|updated|revised)\b|\b(?:look\sat|check|review)\s(?:these|the)\sterms\s(?:periodically|regularly|on\sa\sregular\sbasis|from\stime\sto\stime)|\bmight\shave\sto\smake\schanges\b/i;
/** The provider describing itself as ever changing: "we are constantly changing and improving our Services", "we need flexibility to make changes". */
const ALWAYS_CHANGING =
  /\b(?:constantly|continually|continuously|always)\s(?:\w+,?\s){0,2}?(?:changing|updating|evolving|modifying)\b|\bflexibility\sto\s(?:make\s)?changes?\b|\b(?:site|services?|platform|features?|products?|website|programme|program)\b[^.]{0,30}?\b(?:may|might|can|will)\sbe\s(?:\w+,\s)*(?:modified|changed|updated|altered|amended)\b(?!\sautomatically)|\bmay\schange\sfrom\stime\sto\stime\b/i;
/**
 * Not a power to change: amendments only by a signed writing, a promise of notice before a change
 * ("we will notify you ... before we make changes"), editing of the user's own submissions (content
 * removal), and headings put as questions or sentences about the section itself.
 */
const NOT_CHANGE_POWER =
  /\b(?:unless|only)\b[^.]{0,40}\b(?:in\swriting|written)\b|\bsigned\sby\b|\b(?:will|shall|may)\s(?:\w+\s){0,2}?(?:notify\syou|provide\s(?:you\s)?(?:with\s)?(?:\w+\s){0,2}?notices?|give\syou\s(?:\w+\s){0,2}?notice)\b|\b(?:monitor|review|remove|delete|edit)\w*,?\s(?:or\s)?modify\b(?![^.]*\bchange\b)|\?\s*$|^\W*(?:this|the\sfollowing)\s(?:article|section|paragraph|clause|part)\s(?:indicates|explains|describes|sets\sout)\b/i;
const WILL_NOT_CHANGE = /\b(?:will|shall)\snot\s(?:\w+\s)?(?:change|enforce|modify)\b|\bno\sother\samendment\b/i;
const PROVIDER_REMOVES = providerDoes(
  String.raw`remov\w*|delet\w*|edit\w*|block\w*|disabl\w*|refuse\sto\s(?:post|publish|accept)|take\sdown|moderat\w*|reject\w*|monitor\w*|screen\w*|reclaim\w*|review\sand\stake\saction`,
);

interface CategoryRule {
  category: UnfairTermCategory;
  test(text: string): boolean;
  level(text: string): UnfairTermLevel;
}

const RULES: readonly CategoryRule[] = [
  { category: 'contract_by_using', test: (text) => CONTRACT_BY_USING.test(text) && TO_THE_TERMS.test(text), level: () => 2 },
  { category: 'choice_of_law', test: (text) => CHOICE_OF_LAW.test(text), level: (text) => (LAW_PROTECTS_CONSUMER.test(text) ? 1 : 2) },
  {
    category: 'jurisdiction',
    test: (text) => JURISDICTION.test(text) && !NOT_JURISDICTION.test(text) && !(ARBITRATION.test(text) && !/\bcourts?\b/i.test(text)),
    level: (text) => (COURTS_NEAR_CONSUMER.test(text) ? 1 : 3),
  },
  {
    category: 'arbitration',
    test: (text) =>
      ARBITRATION.test(text) &&
      (ARBITRATION_BINDS.test(text) || ARBITRATION_PLACE.test(text)) &&
      !NOT_ARBITRATION.test(text) &&
      !(ARBITRATION_ASIDE.test(text) && !ARBITRATION_STRONG.test(text)),
    // CLAUDETTE: clearly unfair when the arbitration sits away from the consumer or at the arbitrator's discretion.
    level: (text) =>
      /\bsole\sdiscretion\b/i.test(text) || (ARBITRATION_PLACE.test(text) && !/\b(?:your\srequest|closest\sto\syou)\b/i.test(text)) ? 3 : 2,
  },
  {
    category: 'unilateral_change',
    test: (text) =>
      !WILL_NOT_CHANGE.test(text) &&
      !NOT_CHANGE_POWER.test(text) &&
      !/\b(?:repairs?|maintenance)\b|\bexclude\sor\slimit\b/i.test(text) &&
      (CHANGES_ITSELF.test(text) ||
        ALWAYS_CHANGING.test(text) ||
        (providerDoesIt(PROVIDER_CHANGES, text) &&
          (UNILATERAL_CHANGE.test(text) || UNQUALIFIED.test(text) || /\blimit|\bcancel/i.test(text))) ||
        TERMS_MAY_CHANGE.test(text)),
    level: () => 2,
  },
  {
    category: 'unilateral_termination',
    test: (text) =>
      TERMINATION.test(text) &&
      (providerDoesIt(PROVIDER_TERMINATES, text) || PASSIVE_TERMINATION.test(text)) &&
      !NOT_TERMINATION_POWER.test(text) &&
      !(CONTENT_REMOVAL.test(text) && !ENDS_ACCOUNT.test(text)),
    level: (text) => (UNQUALIFIED.test(text) && !REASON.test(text) ? 3 : 2),
  },
  {
    category: 'content_removal',
    test: (text) =>
      ((CONTENT_REMOVAL.test(text) && providerDoesIt(PROVIDER_REMOVES, text)) || CONTENT_IS_REMOVED.test(text)) && !USER_REMOVES.test(text),
    level: (text) =>
      UNQUALIFIED.test(text) || /\bbut\snot\sthe\sobligation\b|\bnot\s(?:required|obliged|obligated)\b/i.test(text)
        ? REASON.test(text)
          ? 2
          : 3
        : 2,
  },
  {
    category: 'limitation_of_liability',
    test: (text) => LIABILITY.test(text) && !NOT_LIABILITY.test(text) && !INDEMNIFIES_NAMED_PARTY.test(text),
    level: (text) => (LIABILITY_FAIR.test(text) ? 1 : 2),
  },
];

/**
 * Headings and tables of contents: short and unpunctuated, or a run of title-case words without a
 * verb. A sentence in capitals ("YOU MAY RECOVER ONLY DIRECT DAMAGES ...") is read in lower case,
 * so shouting is not mistaken for a title.
 */
function isHeading(text: string): boolean {
  if (text.length < 45 && !/[.!?;:]["')]?$/.test(text)) return true;
  const shouted = !/[a-z]/.test(text) && /[.!?;:]["')]?$/.test(text);
  // "20.3 BINDING ARBITRATION AND CLASS ACTION WAIVER FOR UNITED STATES ACCOUNTS.": numbered, shouted, no verb of a rule.
  if (
    shouted &&
    text.length < 150 &&
    /^\W*(?:\d+(?:\.\d+)*\.?|[A-Z]\.)\s/.test(text) &&
    !/\b(?:IS|ARE|BE|WILL|SHALL|MAY|MIGHT|CAN|MUST|DO|DOES|HAVE|HAS|AGREE|ACCEPT|APPLIES|APPLY)\b/.test(text)
  )
    return true;
  return (
    text.length < 150 &&
    !/\b(?:is|are|be|been|was|will|shall|may|might|can|could|must|do|does|have|has|agree|accept|consent|acknowledge|reserve|apply|govern|remove|terminate|use)\b|'ll\b|\b[a-z]{3,}s\b/.test(
      shouted ? text.toLowerCase() : text,
    )
  );
}

/** "(b) any loss of profits;", "(ii) any third party website.": an item of a list whose lead-in ends with a colon. */
const LIST_ITEM = /^\W{0,2}(?:\(?(?:[a-z]|[ivx]{1,5}|\d{1,2})\)|[a-z]\.|[ivx]{1,5}\.)/;

const MENTIONS =
  /agree|look\sat|review|stop|expire|loss|recover|accept|consent|bound|law|court|tribunal|jurisdiction|venue|forum|sue|claim|proceeding|action|arbitrat|chang|modif|amend|updat|revis|alter|substitut|reset|discontinu|suspen|terminat|disabl|deactivat|delet|cancel|clos|block|restrict|remov|edit|refus|moderat|reject|monitor|screen|tak(?:e|en|ing)\sdown|unavailable|liab|responsib|exclu|disclaim|as\sis|warrant|risk|damage|indemn|guarantee|limit|\bban|revok|cease|releas|majeure|flexib|ground|entitled/i;

/** Terms of service speak to the reader: "you" or "your" at least this often per 1,000 words (CUAD contracts: under 5 but for letters; CLAUDETTE: 19 and up). */
const READER_ADDRESS_PER_1000_WORDS = 12;
/** Short texts are always read: the check only saves time on long business contracts. */
const SHORT_TEXT_WORDS = 400;

/**
 * Whether a text speaks to its reader the way terms of service do. A short text always passes for the rules; the
 * learned models (src/judgement/tos.ts) ask with `shortTextsPass` false, so they judge only what reads as terms of service.
 */
export function addressesTheReader(text: string, shortTextsPass = true): boolean {
  const words = text.split(/\s/).length;
  if (words < SHORT_TEXT_WORDS) return shortTextsPass;
  let count = 0;
  for (const _ of text.matchAll(/\byour?\b/gi)) count += 1;
  return (count * 1000) / words >= READER_ADDRESS_PER_1000_WORDS;
}

/**
 * Every sentence of a terms-of-service text that falls in one of the eight CLAUDETTE categories,
 * with its level and evidence; a sentence may belong to several categories.
 */
export function extractUnfairTerms(view: TextView): UnfairTermField[] | null {
  if (!addressesTheReader(view.text)) return null;
  const found: UnfairTermField[] = [];
  // The categories of the last lead-in ("... we shall not be liable for:"), carried by its list items.
  let leadIn: { category: UnfairTermCategory; level: UnfairTermLevel }[] = [];
  for (const sentence of view.sentences) {
    const text = sentence.text;
    if (LIST_ITEM.test(text) && leadIn.length > 0) {
      for (const term of leadIn) found.push({ ...term, evidence: evidenceFor(view, sentence.start, sentence.end) });
      continue;
    }
    leadIn = [];
    if (text.length < 25 || !MENTIONS.test(text) || isHeading(text)) continue;
    const hits: { category: UnfairTermCategory; level: UnfairTermLevel }[] = [];
    for (const rule of RULES) if (rule.test(text)) hits.push({ category: rule.category, level: rule.level(text) });
    for (const hit of hits) found.push({ ...hit, evidence: evidenceFor(view, sentence.start, sentence.end) });
    if (text.endsWith(':')) leadIn = hits;
  }
  return found.length > 0 ? found : null;
}
