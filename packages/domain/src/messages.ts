/** User-visible texts that more than one place uses, quoted from the spec. */
export const MESSAGES = {
  loginFailedHeading: 'Login did not work',
  loginFailedText:
    'Sorry there was a problem with the login. Try to go to home. If the problem persists please logout and login again.',
  alreadyLoggedIn: 'You are already logged in',
  loggedOut: 'You have been logged out successfully',
  errorViewTitle: 'Oh oh, an error occurred :-(',
  settingsOutsideRights: (values: readonly string[]) =>
    `You selected a locale/space (${values.join(', ')}) that does not match with your user rights. Please choose a different one instead.`,
} as const;
