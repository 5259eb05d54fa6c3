import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { systemErrorText } from './system-error-text';

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
