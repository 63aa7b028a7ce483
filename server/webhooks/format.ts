/**
 * A delivery's body in the webhook's format: the portal's own JSON `{id, type, createdAt, data}`,
 * a Slack incoming-webhook message `{text, blocks}`, or a Teams message with an Adaptive Card (what
 * a Teams "Workflows" webhook posts to a channel). Chat formats carry a title, the event's message
 * or summary when its data has one, up to 10 of its plain values as facts, and its link.
 */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface OutboundEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

const TITLES: Record<string, string> = {
  'case.opened': 'Case opened',
  'case.assigned': 'Case assigned',
  'case.overdue': 'Case overdue',
  'case.closed': 'Case closed',
  'response.received': 'Response received',
  'alert.fired': 'Alert fired',
  ping: 'Test event from the CX portal',
};

const MAX_FACTS = 10;

function summaryOf(event: OutboundEvent) {
  const { data } = event;
  const text = ['message', 'summary', 'text'].map((k) => data[k]).find((v) => typeof v === 'string') as string | undefined;
  const link = ['url', 'link'].map((k) => data[k]).find((v) => typeof v === 'string' && /^https?:\/\//.test(v)) as string | undefined;
  const facts = Object.entries(data)
    .filter(([k, v]) => !['message', 'summary', 'text', 'url', 'link'].includes(k) && v !== null && ['string', 'number', 'boolean'].includes(typeof v))
    .slice(0, MAX_FACTS)
    .map(([name, value]) => ({ name, value: String(value).slice(0, 300) }));
  return { title: TITLES[event.type] ?? event.type, text, link, facts };
}

/** Slack's mrkdwn treats <, > and & as markup (mentions such as <!channel>, links): escaped in every value. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slack(event: OutboundEvent) {
  const { title, text, link, facts } = summaryOf(event);
  const lines = [`*${slackEscape(title)}*`, ...(text ? [slackEscape(text)] : []), ...(link ? [`<${link}|Open in the portal>`] : [])];
  return {
    // The notification's text: Slack reads its markup too (a mention or a link from the data would work).
    text: slackEscape([title, text].filter(Boolean).join(': ')),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
      ...(facts.length ? [{ type: 'section', fields: facts.map((f) => ({ type: 'mrkdwn', text: `*${slackEscape(f.name)}*\n${slackEscape(f.value)}` })) }] : []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${event.type} · ${event.createdAt}` }] },
    ],
  };
}

function teams(event: OutboundEvent) {
  const { title, text, link, facts } = summaryOf(event);
  return {
    type: 'message',
    summary: title,
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...(text ? [{ type: 'TextBlock', text, wrap: true }] : []),
            { type: 'FactSet', facts: [...facts.map((f) => ({ title: f.name, value: f.value })), { title: 'Event', value: `${event.type} · ${event.createdAt}` }] },
          ],
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: 'Open in the portal', url: link }] } : {}),
        },
      },
    ],
  };
}

/** The exact text sent (and signed). */
export function renderBody(format: WebhookFormat, event: OutboundEvent): string {
  if (format === 'slack') return JSON.stringify(slack(event));
  if (format === 'teams') return JSON.stringify(teams(event));
  return JSON.stringify(event);
}
