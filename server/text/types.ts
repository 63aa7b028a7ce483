// The shapes of text analysis live in src/lib (the pages read them too); the server's modules import them from here.
export type * from '../../src/lib/text-analysis';
