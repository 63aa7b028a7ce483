/** The mobile assistant (echo) shows the portal in a web view that exposes `ReactNativeWebView`. */
type Bridge = { ReactNativeWebView?: { postMessage: (message: string) => void } };

export function inAssistant(): boolean {
  return typeof (globalThis as Bridge).ReactNativeWebView?.postMessage === 'function';
}

/** Sends a message to the assistant wrapper (logged-in, virtual logout, ...). */
export function postToAssistant(type: string, payload: Record<string, unknown> = {}): void {
  (globalThis as Bridge).ReactNativeWebView?.postMessage(JSON.stringify({ type, ...payload }));
}
