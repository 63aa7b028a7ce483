/** A keydown handler that runs `fn` on Enter or Space, so SVG buttons work from the keyboard like HTML ones. */
export function keyActivate(fn: () => void): (ev: KeyboardEvent) => void {
  return (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      fn();
    }
  };
}
