import { describe, expect, it } from 'vitest';
import { loadModelProviderConfig } from './config.js';

describe('loadModelProviderConfig', () => {
  it('defaults to the offline rules provider with a 30 s budget and 2 retries', () => {
    expect(loadModelProviderConfig({})).toEqual({ provider: 'rules', timeoutMs: 30_000, maxRetries: 2 });
  });

  it('ignores a stray DeepSeek key while the rules provider is chosen', () => {
    expect(loadModelProviderConfig({ DEEPSEEK_API_KEY: 'sk-unused' }).provider).toBe('rules');
  });

  it('reads DeepSeek settings with their defaults', () => {
    expect(loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'deepseek', DEEPSEEK_API_KEY: 'sk-test' })).toEqual({
      provider: 'deepseek',
      apiKey: 'sk-test',
      baseUrl: 'https://api.deepseek.com',
      model: 'deepseek-chat',
      timeoutMs: 30_000,
      maxRetries: 2,
    });
  });

  it('reads an OpenAI-compatible endpoint and the call limits', () => {
    const config = loadModelProviderConfig({
      SUANNI_MODEL_PROVIDER: 'openai-compatible',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:8000/v1',
      OPENAI_COMPATIBLE_API_KEY: 'local',
      OPENAI_COMPATIBLE_MODEL: 'qwen2.5-7b-instruct',
      SUANNI_MODEL_TIMEOUT_MS: '5000',
      SUANNI_MODEL_MAX_RETRIES: '0',
    });
    expect(config).toEqual({
      provider: 'openai-compatible',
      apiKey: 'local',
      baseUrl: 'http://localhost:8000/v1',
      model: 'qwen2.5-7b-instruct',
      timeoutMs: 5000,
      maxRetries: 0,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: '', SUANNI_MODEL_TIMEOUT_MS: '', DEEPSEEK_BASE_URL: '' })).toEqual({
      provider: 'rules',
      timeoutMs: 30_000,
      maxRetries: 2,
    });
  });

  it('refuses DeepSeek without an API key, naming the variable', () => {
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'deepseek' })).toThrow(
      /DEEPSEEK_API_KEY: is required when SUANNI_MODEL_PROVIDER=deepseek/,
    );
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'deepseek', DEEPSEEK_API_KEY: '  ' })).toThrow(/DEEPSEEK_API_KEY/);
  });

  it('lists every missing OpenAI-compatible setting in one error', () => {
    let message = '';
    try {
      loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'openai-compatible' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/OPENAI_COMPATIBLE_BASE_URL: is required/);
    expect(message).toMatch(/OPENAI_COMPATIBLE_MODEL: is required/);
    expect(message).toMatch(/OPENAI_COMPATIBLE_API_KEY: is required/);
  });

  it('rejects unknown providers, non-http URLs and out-of-range limits', () => {
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'gpt' })).toThrow(
      /SUANNI_MODEL_PROVIDER: must be one of rules, deepseek, openai-compatible/,
    );
    expect(() =>
      loadModelProviderConfig({ SUANNI_MODEL_PROVIDER: 'deepseek', DEEPSEEK_API_KEY: 'k', DEEPSEEK_BASE_URL: 'ftp://example.com' }),
    ).toThrow(/DEEPSEEK_BASE_URL: must be an http\(s\) URL/);
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_TIMEOUT_MS: 'soon' })).toThrow(/SUANNI_MODEL_TIMEOUT_MS/);
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_TIMEOUT_MS: '0' })).toThrow(/SUANNI_MODEL_TIMEOUT_MS/);
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_MAX_RETRIES: '-1' })).toThrow(/SUANNI_MODEL_MAX_RETRIES/);
    expect(() => loadModelProviderConfig({ SUANNI_MODEL_MAX_RETRIES: '1.5' })).toThrow(/SUANNI_MODEL_MAX_RETRIES/);
  });
});
