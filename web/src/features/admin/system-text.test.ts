import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { formatBytes, systemErrorText } from './system-text';

const error = (code: ConstructorParameters<typeof ApiError>[1]['code']) =>
  new ApiError(400, { success: false, code, message: 'server' });

describe('systemErrorText', () => {
  it('shows the §8 texts', () => {
    expect(systemErrorText(error('system/database_not_configured'), '')).toBe(
      'Database not configured',
    );
    expect(systemErrorText(error('system/smtp_incomplete'), '')).toBe(
      'SMTP configuration incomplete',
    );
    expect(systemErrorText(error('system/mailing_not_configured'), '')).toBe(
      'Mailing service not configured',
    );
    expect(systemErrorText(error('system/invalid_provider'), '')).toBe(
      'Invalid provider configuration',
    );
    expect(systemErrorText(new Error('x'), 'fallback')).toBe('fallback');
  });
});

describe('formatBytes', () => {
  it('reads sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8.0 MB');
  });
});
