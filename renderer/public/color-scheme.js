/* global window, document */
// Applies the saved color scheme before the app loads, so dark-mode users never see a white flash.
// A file (not an inline script) because the page's CSP allows only 'self' scripts.
(function () {
  var scheme = 'auto';
  try {
    var saved = JSON.parse(window.localStorage.getItem('outpost.ui-prefs') || 'null');
    if (saved && saved.state && /^(light|dark|auto)$/.test(saved.state.colorScheme))
      scheme = saved.state.colorScheme;
  } catch {
    scheme = 'auto';
  }
  if (scheme === 'auto')
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
