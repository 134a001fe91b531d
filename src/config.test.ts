import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 4000, demoData: true, auth: { issuer: 'suanni-dev', audience: 'suanni' } });
  });

  it('refuses production without a configured key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_JWT_SECRET or AUTH_JWKS_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_JWKS_URL: 'https://idp.example/jwks.json' })).toThrow(/SUANNI_ERASURE_HASH_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_JWKS_URL: 'https://idp.example/jwks.json', SUANNI_ERASURE_HASH_KEY: 'k'.repeat(32) }).env).toBe('production');
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', AUTH_JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*AUTH_JWT_SECRET/);
  });

  it('reads limits and flags', () => {
    const config = loadConfig({ SUANNI_MAX_DEPTH: '4', SUANNI_DEMO_DATA: 'false', PORT: '8080' });
    expect(config.limits.maxDepth).toBe(4);
    expect(config.demoData).toBe(false);
    expect(config.port).toBe(8080);
  });

  it('reads the subscription limits, defaults 100 per socket and 200 per user, and refuses zero', () => {
    expect(loadConfig({}).subscriptions).toEqual({ perSocket: 100, perUser: 200 });
    expect(loadConfig({ SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET: '5', SUANNI_MAX_SUBSCRIPTIONS_PER_USER: '8' }).subscriptions).toEqual({ perSocket: 5, perUser: 8 });
    expect(() => loadConfig({ SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET: '0' })).toThrow(/SUANNI_MAX_SUBSCRIPTIONS_PER_SOCKET/);
  });

  it('reads the OTLP trace export settings, traces-specific variables first', () => {
    expect(loadConfig({}).telemetry).toMatchObject({ serviceName: 'suanni', otlpProtocol: 'http/protobuf', bufferTraces: 500 });
    const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' });
    expect(config.telemetry).toMatchObject({ otlpEndpoint: 'http://collector:4318', otlpProtocol: 'http/json' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL[\s\S]*grpc is not supported/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
