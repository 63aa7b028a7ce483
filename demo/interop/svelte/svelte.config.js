// Svelte's own settings (none beyond the defaults: Svelte 5 reads TypeScript itself); svelte-check looks for this file.
export default {};
