/**
 * User-facing texts from the product specification (§5, §8), word for word.
 * The server answers with them and the web shows them; neither retypes a string.
 */
export const MSG = {
  // §5 validation
  fillAllFields: 'Please fill in all fields',
  invalidEmail: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooWeak:
    'Password is too weak. Include uppercase, lowercase, numbers, and special characters',
  enterSixDigitCode: 'Enter the 6-digit code',
  missingVerificationEmail: 'Missing email for verification',
  forgotPasswordEmailRequired: 'Enter a valid email to request a reset',
  resetEmailRequired: 'Enter your email',
  resetFillAllFields: 'Fill all fields',
  // §8 sign-in
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  invalidCredentials: 'Invalid credentials',
  loginError: 'An error occurred during login',
  accountLocked: 'Account temporarily locked due to multiple failed attempts',
  failedAttempts: (n: number) => `Failed attempts: ${n}/5`,
  // §8 sign-up
  accountCreated: 'Account created successfully!',
  createAccountFailed: 'Failed to create account',
  emailTaken: 'Email already registered',
  registrationFailed: 'Registration failed',
  signupError: 'An error occurred during signup',
  // §8 verification
  emailVerified: 'Email verified! You are now signed in.',
  invalidCode: 'Invalid or expired code',
  verificationFailed: 'Verification failed',
  codeSent: 'Verification code sent',
  resendFailed: 'Failed to resend code',
  mailUnavailable:
    'We could not send the email with your code just now. Please try again in a few minutes.',
  pleaseWait: 'Please wait before requesting another code',
  // §8 password reset
  resetRequested: 'If that address exists, a reset token was sent',
  resetRequestFailed: 'Failed to request password reset',
  resetRequestFailedShort: 'Failed to request reset',
  resetSucceeded: 'Password reset successful — please sign in',
  resetFailed: 'Reset failed',
  resetPasswordFailed: 'Failed to reset password',
  // §2 screens
  restoringSession: 'Restoring session…',
  runtimeErrorTitle: 'This spark has encountered a runtime error',
  runtimeErrorText:
    'Something unexpected happened while running the application. The error details are shown below. Contact the spark author and let them know about this issue.',
  tryAgain: 'Try Again',
} as const;
