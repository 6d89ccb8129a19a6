import { SCHEMA } from './scim-resources.ts';

/**
 * SCIM discovery (RFC 7643 §6 ResourceTypes, §7 Schemas): what Geria's Users and Groups hold, so a
 * client learns the attributes it may send, filter on and ask for. Only the attributes Geria keeps
 * are described; id, externalId and meta are the common attributes of every resource (§3.1) and
 * belong to no schema.
 */
type Mutability = 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: Mutability;
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  canonicalValues?: string[];
  referenceTypes?: string[];
}

const attribute = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name, type: 'string', multiValued: false, description, required: false, caseExact: false,
  mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...more,
});

const USER_ATTRIBUTES: Attribute[] = [
  attribute('userName', 'The sign-in name: 3 to 64 letters, digits or . _ @ -, unique without regard to letter case. It cannot change.', { required: true, mutability: 'immutable', uniqueness: 'server' }),
  attribute('name', 'The person\'s name.', {
    type: 'complex', required: true,
    subAttributes: [
      attribute('givenName', 'Given name.', { required: true }),
      attribute('familyName', 'Family name.', { required: true }),
      attribute('formatted', 'Given and family name, as shown.', { mutability: 'readOnly' }),
    ],
  }),
  attribute('displayName', 'Given and family name, as shown.', { mutability: 'readOnly' }),
  attribute('emails', 'The one e-mail address of the account (work, primary), unique without regard to letter case. A list of several keeps the primary one, or the first.', {
    type: 'complex', multiValued: true, required: true,
    subAttributes: [
      attribute('value', 'The e-mail address.', { required: true }),
      attribute('type', 'Always work.', { canonicalValues: ['work'] }),
      attribute('primary', 'Always true.', { type: 'boolean' }),
    ],
  }),
  attribute('active', 'Whether the account may sign in: false disables it (and ends its sessions), true also unlocks it.', { type: 'boolean' }),
  attribute('password', 'An initial password, only when the account is created; without it the person chooses one through "forgot password".', { mutability: 'writeOnly', returned: 'never', caseExact: true }),
  attribute('preferredLanguage', 'The language of the person\'s e-mails and screens: en, it, pt, fr, es, el or ro (a region such as fr-FR is read as fr).'),
  attribute('groups', 'The study roles of the account; change them through the Groups.', {
    type: 'complex', multiValued: true, mutability: 'readOnly',
    subAttributes: [
      attribute('value', 'The role (the Group id).', { mutability: 'readOnly', caseExact: true }),
      attribute('$ref', 'The Group.', { type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly', caseExact: true }),
      attribute('display', 'The role\'s name.', { mutability: 'readOnly' }),
    ],
  }),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attribute('organization', 'The code of the account\'s organisation (e.g. MIL-GER); by default the administrator\'s.'),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute('displayName', 'The study role: CCM, SysAdmin, Auditor, ClinicalExpert, Tester or Tech. The six roles are fixed.', { required: true, mutability: 'immutable', uniqueness: 'server' }),
  attribute('members', 'The users who have the role.', {
    type: 'complex', multiValued: true,
    subAttributes: [
      attribute('value', 'The user\'s id.', { mutability: 'immutable', caseExact: true }),
      attribute('$ref', 'The User.', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable', caseExact: true }),
      attribute('display', 'The user\'s userName.', { mutability: 'readOnly' }),
      attribute('type', 'Always User.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';

const schema = (base: string, id: string, name: string, description: string, attributes: Attribute[]) => ({
  schemas: [SCHEMA_SCHEMA], id, name, description, attributes,
  meta: { resourceType: 'Schema', location: `${base}/scim2/Schemas/${id}` },
});

export const scimSchemas = (base: string) => [
  schema(base, SCHEMA.user, 'User', 'A Geria account', USER_ATTRIBUTES),
  schema(base, SCHEMA.enterprise, 'EnterpriseUser', 'The account\'s organisation', ENTERPRISE_ATTRIBUTES),
  schema(base, SCHEMA.group, 'Group', 'A study role', GROUP_ATTRIBUTES),
];

export const scimResourceTypes = (base: string) => [
  {
    schemas: [RESOURCE_TYPE_SCHEMA], id: 'User', name: 'User', endpoint: '/Users', description: 'Geria accounts',
    schema: SCHEMA.user, schemaExtensions: [{ schema: SCHEMA.enterprise, required: false }],
    meta: { resourceType: 'ResourceType', location: `${base}/scim2/ResourceTypes/User` },
  },
  {
    schemas: [RESOURCE_TYPE_SCHEMA], id: 'Group', name: 'Group', endpoint: '/Groups', description: 'The six study roles',
    schema: SCHEMA.group, schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${base}/scim2/ResourceTypes/Group` },
  },
];
