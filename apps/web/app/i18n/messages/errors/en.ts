/** The errors texts in English, which define the keys every other locale must give. */
const en = {
  pageNotFound: 'Page Not Found: {path}',
  errorCode: 'Error {code}',
  error404Title: 'Page not found',
  error404Description: 'The page you are looking for does not exist or has moved.',
  error403Title: 'Access denied',
  error403Description: 'Your session has ended or you do not have access to this page.',
  error500Title: 'Something went wrong',
  error500Description: 'We could not load this page. Please try again in a moment.',
  errorBlockedTitle: 'Your account is blocked',
  errorBlockedDescription: 'Access to your account has been restricted under our Terms of Service.',
  errorBlockedLabel: 'The Help Center explains when an account can be restricted.',
  errorButton: 'Back to home',
  errorBlockedButton: 'Visit the Help Center',
};

export default en;
