/** Mobile is a width of 768 px or less (spec: shared constants), or a phone or tablet browser. */
export const MOBILE_MAX_WIDTH = 768;

export function isMobileBrowser(userAgent: string, width: number): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent) || width <= MOBILE_MAX_WIDTH;
}
