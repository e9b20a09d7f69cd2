/** The account texts in English, which define the keys every other locale must give. */
const en = {
  signInToContinue: 'Sign in to continue.',
  forgotSent:
    'If an account exists for {email}, we have sent it a link to choose a new password. Check your inbox, and the spam folder too.',
  forgotAgain: 'Use another email',
  resetInvalidCode:
    'This reset link no longer works: it has expired or was already used. Ask for a new one.',
  resetRequestNew: 'Request a new link',
  resetDone: 'Your password has been changed. Sign in with your new password.',

  confirmEmailChecking: 'Confirming your email…',
  confirmEmailDoneTitle: 'Email confirmed',
  confirmEmailDone: 'Thank you, your email address is confirmed.',
  confirmEmailFailedTitle: 'Email not confirmed',
  confirmEmailFailed: 'This confirmation link has expired or was already used.',
  confirmEmailResendHint: 'We can send a new link to your email.',
  confirmEmailSignInHint: 'Sign in to ask for a new confirmation link.',
  confirmEmailResend: 'Send a new link',
  signIn: 'Sign in',

  fieldNickname: 'Nickname (optional)',
  nicknameHint: '3 to 32 letters, digits, dots, dashes or underscores.',
  emailFromProvider: 'Your email comes from your sign-in account and cannot be changed here.',
  emailMissing: 'Your sign-in account did not share an email address. You can keep playing.',

  termsAccepted: 'You have accepted the Terms and Conditions.',
  termsPrompt: 'Please accept the Terms and Conditions to keep playing on Coinfall.',
  termsAccept: 'Accept the terms',
  termsSignIn: 'Sign in to review and accept the terms.',
  profileLoading: 'Loading your details…',
  profileFailed: 'Your details could not be loaded. Please try again.',

  phoneSend: 'Send code',
  phoneHint: 'International format with the country code, for example +1 555 010 0000.',
  phoneVerifiedAlready: 'Your number {phone} is verified. You can verify a new one.',
  phoneCheckInvalid: 'Value is not a valid phone number',
  phoneCheckShort: 'The phone number is too short',
  phoneCheckLong: 'The phone number is too long',
  phoneCheckCountry: 'The phone number has an invalid country code',
  phoneCodeSent: 'We sent a 6-digit code to {phone}.',
  fieldOtpCode: 'Verification code',
  otpDigits: 'Enter the 6 digits of the code.',
  otpInvalid: 'This code is not correct or has expired.',
  otpVerify: 'Verify',
  otpResend: 'Send a new code',
  otpResendIn: 'You can ask for a new code in {seconds} s.',
  otpResent: 'A new code is on its way.',
  phoneChange: 'Change number',
  phoneVerifiedTitle: 'Phone verified',
  phoneVerified: 'Thank you, your phone number is verified.',

  removeConsequences: 'When you remove your account:',
  removeBalances: 'your coins, bonuses and game history are lost;',
  removeSessions: 'you are signed out on every device;',
  removeFinal: 'it cannot be undone.',
  removePasswordHint:
    'Enter your password to confirm. If you signed up with a social account and never set a password, leave it empty.',
  removeSubmit: 'Remove my account',
  removeFailed: 'Your account could not be removed. Check your password and try again.',

  socialDivider: 'or continue with',
  socialContinue: 'Continue with {name}',
  socialStartFailed: 'We could not reach {name}. Please try again.',
  socialSignUpTitle: 'Finish signing up',
  socialSignUpDescription: 'Accept the terms to create your Coinfall account.',
  socialSignUpEmail: 'Email of your {name} account',
  socialSignUpNoEmail: 'Your {name} account did not share an email address.',
  callbackErrorTitle: 'Sign-in did not finish',
  callbackProviderError: 'The sign-in was cancelled, or the provider refused it.',
  callbackExchangeError: 'We could not sign you in with this account. Please try again.',
  callbackPasswordReset:
    'Our team reset this account’s password. Choose a new one with the link we emailed you, then sign in again.',
  callbackThrottled: 'Too many attempts, try again in {seconds} s.',
  callbackHome: 'Back to home',
  callbackSignIn: 'Sign in another way',
};

export default en;
