/**
 * Opens a portal address in a new tab. Not with 'noopener': that would start the tab without a
 * copy of this tab's session storage, where a session without "remember me" lives, and sign the
 * user out there. The opener link is cut right after instead.
 */
export function openInNewTab(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
}
