/** The embed variant: the app runs inside another page's frame (spec 1 section 2). */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent denies access to `top`: that is a frame too.
    return true;
  }
}
