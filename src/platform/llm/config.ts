import { z } from 'zod';

/** The model providers Suanni can use (DESIGN section 6). */
export const modelProviderNames = ['rules', 'deepseek', 'openai-compatible'] as const;
export type ModelProviderName = (typeof modelProviderNames)[number];

/** Limits every model call shares, whatever the provider. */
export interface ModelCallLimits {
  /** Budget for one call, retries and back-off included. */
  timeoutMs: number;
  /** Extra attempts after the first one fails with a transient error (5xx, 429, network, timeout). */
  maxRetries: number;
}

/** Validated model provider settings; build it with {@link loadModelProviderConfig}. */
export type ModelProviderConfig =
  | ({ provider: 'rules' } & ModelCallLimits)
  | ({ provider: 'deepseek' | 'openai-compatible'; apiKey: string; baseUrl: string; model: string } & ModelCallLimits);

/** Empty strings count as unset: `FOO=` in a .env file should not override a default. */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const optionalHttpUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);
const numberWithDefault = (fallback: number, schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().pipe(schema).default(fallback),
  );

const environmentSchema = z
  .object({
    SUANNI_MODEL_PROVIDER: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(modelProviderNames, { error: `must be one of ${modelProviderNames.join(', ')}` }).default('rules'),
    ),
    DEEPSEEK_API_KEY: optionalText,
    DEEPSEEK_BASE_URL: optionalHttpUrl.default('https://api.deepseek.com'),
    DEEPSEEK_MODEL: optionalText.default('deepseek-chat'),
    OPENAI_COMPATIBLE_BASE_URL: optionalHttpUrl,
    OPENAI_COMPATIBLE_API_KEY: optionalText,
    OPENAI_COMPATIBLE_MODEL: optionalText,
    SUANNI_MODEL_TIMEOUT_MS: numberWithDefault(30_000, z.number().int().min(1).max(600_000)),
    SUANNI_MODEL_MAX_RETRIES: numberWithDefault(2, z.number().int().min(0).max(10)),
  })
  .superRefine((env, context) => {
    // Only the chosen provider's settings are required: a stray DeepSeek key must not matter
    // when the rules provider is in use.
    const require = (variable: keyof typeof env, why: string) => {
      if (env[variable] === undefined) context.addIssue({ code: 'custom', path: [variable], message: why });
    };
    if (env.SUANNI_MODEL_PROVIDER === 'deepseek') {
      require('DEEPSEEK_API_KEY', 'is required when SUANNI_MODEL_PROVIDER=deepseek');
    }
    if (env.SUANNI_MODEL_PROVIDER === 'openai-compatible') {
      require('OPENAI_COMPATIBLE_BASE_URL', 'is required when SUANNI_MODEL_PROVIDER=openai-compatible (for example http://localhost:8000/v1)');
      require('OPENAI_COMPATIBLE_MODEL', 'is required when SUANNI_MODEL_PROVIDER=openai-compatible');
      require('OPENAI_COMPATIBLE_API_KEY', 'is required when SUANNI_MODEL_PROVIDER=openai-compatible (any placeholder for an endpoint without authentication)');
    }
  });

/**
 * Reads the model provider settings from an environment object (pass `process.env` at the
 * composition root, or a literal). Throws one error listing every problem.
 */
export function loadModelProviderConfig(environment: NodeJS.ProcessEnv): ModelProviderConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new Error(`invalid model provider configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const limits: ModelCallLimits = { timeoutMs: env.SUANNI_MODEL_TIMEOUT_MS, maxRetries: env.SUANNI_MODEL_MAX_RETRIES };
  switch (env.SUANNI_MODEL_PROVIDER) {
    case 'rules':
      return { provider: 'rules', ...limits };
    case 'deepseek':
      return { provider: 'deepseek', apiKey: env.DEEPSEEK_API_KEY!, baseUrl: env.DEEPSEEK_BASE_URL, model: env.DEEPSEEK_MODEL, ...limits };
    case 'openai-compatible':
      return {
        provider: 'openai-compatible',
        apiKey: env.OPENAI_COMPATIBLE_API_KEY!,
        baseUrl: env.OPENAI_COMPATIBLE_BASE_URL!,
        model: env.OPENAI_COMPATIBLE_MODEL!,
        ...limits,
      };
  }
}
