/**
 * A WebAssembly module compiled from base64 text (the modules the library carries: the census
 * search, the narrow frontier sweep), or null where WebAssembly is missing or refuses a
 * synchronous compile (a browser's main thread compiles only small modules so). `atob`, not
 * Buffer: the library runs in browsers.
 */
export function compileBase64(base64: string): WebAssembly.Module | null {
  if (typeof WebAssembly === "undefined") return null;
  try {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return new WebAssembly.Module(bytes);
  } catch {
    return null;
  }
}
