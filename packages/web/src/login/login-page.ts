import { enhanceLoginPage } from './enhance.ts';

/** The entry of the server-rendered sign-in page (a module script: runs once the page is parsed). */
enhanceLoginPage(document, {
  local: window.localStorage,
  session: window.sessionStorage,
  fetch: (input, init) => window.fetch(input, init),
  assign: (url) => window.location.assign(url),
});
