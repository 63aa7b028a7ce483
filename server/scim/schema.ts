/** The discovery documents of RFC 7643 sections 5-7, and the schema URNs this server speaks. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The largest page a list answers (a bigger `count` is cut to it). */
export const MAX_COUNT = 200;

export const serviceProviderConfig = (base: string) => ({
  schemas: [SPC_SCHEMA],
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_COUNT },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    { type: 'oauthbearertoken', name: 'Bearer token', description: 'A token a GlobalAdmin issues in the portal (POST /api/scim/tokens).', primary: true },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

type Attribute = { name: string; type: string; multiValued?: boolean; required?: boolean; mutability?: string; uniqueness?: string; subAttributes?: Attribute[] };
const attr = (name: string, type = 'string', more: Partial<Attribute> = {}): Attribute => ({ name, type, multiValued: false, required: false, mutability: 'readWrite', ...more });
const multi = (name: string, subAttributes: Attribute[]) => attr(name, 'complex', { multiValued: true, subAttributes });

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A portal user. userName is the sign-in e-mail address.',
    attributes: [
      attr('userName', 'string', { required: true, uniqueness: 'server' }),
      attr('name', 'complex', { subAttributes: [attr('givenName'), attr('familyName'), attr('formatted')] }),
      attr('displayName'),
      attr('active', 'boolean'),
      attr('externalId'),
      multi('emails', [attr('value'), attr('type'), attr('primary', 'boolean')]),
      multi('roles', [attr('value'), attr('display'), attr('type'), attr('primary', 'boolean')]),
      multi('groups', [attr('value', 'string', { mutability: 'readOnly' }), attr('display', 'string', { mutability: 'readOnly' })]),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A portal group of users.',
    attributes: [attr('displayName', 'string', { required: true, uniqueness: 'server' }), attr('externalId'), multi('members', [attr('value'), attr('display'), attr('type')])],
  },
];

const RESOURCE_TYPES = [
  { id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA, schemaExtensions: [{ schema: ENTERPRISE_USER, required: false }] },
  { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA },
];

/** A list answer (RFC 7644 section 3.4.2). */
export const listResponse = (resources: unknown[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const schemas = (base: string) => SCHEMAS.map((s) => ({ schemas: [SCHEMA_SCHEMA], ...s, meta: { resourceType: 'Schema', location: `${base}/Schemas/${s.id}` } }));
export const resourceTypes = (base: string) =>
  RESOURCE_TYPES.map((t) => ({ schemas: [RESOURCE_TYPE_SCHEMA], ...t, meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${t.id}` } }));
