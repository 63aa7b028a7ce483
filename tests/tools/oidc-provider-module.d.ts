// The part of `oidc-provider` (v9, no bundled types) the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    oidc: {
      params?: Record<string, unknown>;
      client?: { clientId: string };
      session?: { accountId?: string };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    Grant: { new (init: { accountId?: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
  }
}
