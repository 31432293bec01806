// The spec's words for the sign-in, sign-up, portal and setup screens, plus the few this product
// adds where the spec is silent (password reset, the technician-only refusal).

export const AUTH_MESSAGES = {
  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  signUpSucceeded: 'Account created successfully! You can now sign in.',
  invalidCredentials: 'Invalid credentials. Please check your email and password.',
  authenticationFailed: 'Authentication failed. Please try again.',
  cannotVerifyAdmin: 'Unable to verify admin privileges. Please contact support.',
  notAdmin: 'Access denied. This account does not have administrative privileges.',
  somethingFailed: 'An error occurred. Please try again.',
  notTechnician:
    'The Technician Portal is for technicians only. Customers sign in on the main sign-in page, and staff through the Admin Portal.',
  setupFailed: 'Failed to create user account. Please try again.',
  setupCheckFailed: 'Failed to check existing profile. Please try again.',
  setupSucceeded: 'Admin account created successfully! Taking you to the Admin Portal…',
  resetLinkSent:
    'If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
} as const;

/** Sign-up shows its success message this long before going to /login. */
export const SIGN_UP_REDIRECT_DELAY_MS = 2000;
/** Admin setup shows its success message this long before going to /admin-portal. */
export const ADMIN_SETUP_REDIRECT_DELAY_MS = 3000;
