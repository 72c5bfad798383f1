import type { MessageType } from '@platform/shared';

/** One option of a provider's settings form (API-CONTRACT 14.8, spec 3 section 5). */
export type ProviderOption = {
  label: string;
  input: 'text' | 'read-only-text' | 'radio';
  description: string;
  rules?: string[];
  options?: string[];
};

/** A data source: what the settings screen shows and what the gateways and delivery need to know. */
export type ProviderDefinition = {
  id: string;
  name: string;
  services: MessageType[];
  options: Record<string, ProviderOption>;
  /** Provider field -> field type; the survey mapping (`inbound_fields` in settings) maps these to post keys. */
  inboundFields: Record<string, string>;
  /** Option keys that hold secrets: masked on the settings screen (the `password` rule), never logged. */
  secrets: string[];
  /** Option keys sending needs filled in; absent for a provider that only receives. */
  sendNeeds?: string[];
};

const required = ['required'];
const secret = ['required', 'password'];

/**
 * The providers this deployment offers, in the incumbent's order and with its option keys, so a
 * settings object saved by the incumbent keeps working. Adding a provider is adding an entry here
 * (and a gateway or sender when it has one).
 */
export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    id: 'email',
    name: 'Email',
    services: ['email'],
    options: {
      intro_text: { label: '', input: 'read-only-text', description: 'To receive posts by e-mail, enter the mailbox settings below.' },
      incoming_type: {
        label: 'Incoming Server Type',
        input: 'radio',
        description: 'Only IMAP is supported: a POP mailbox is not read.',
        options: ['POP', 'IMAP'],
        rules: required,
      },
      incoming_server: {
        label: 'Incoming Server',
        input: 'text',
        description: 'For example mail.example.org or imap.gmail.com',
        rules: required,
      },
      incoming_port: {
        label: 'Incoming Server Port',
        input: 'text',
        description: 'Usual ports: 110 (POP3), 143 (IMAP), 995 (POP3 over SSL), 993 (IMAP over SSL)',
        rules: ['required', 'number'],
      },
      incoming_security: { label: 'Incoming Server Security', input: 'radio', description: '', options: ['None', 'SSL', 'TLS'] },
      incoming_username: { label: 'Incoming Username', input: 'text', description: 'The mailbox account name', rules: required },
      incoming_password: { label: 'Incoming Password', input: 'text', description: 'The mailbox password', rules: secret },
    },
    inboundFields: { Subject: 'text', Date: 'datetime', Message: 'text' },
    secrets: ['incoming_password'],
    sendNeeds: [],
  },
  {
    id: 'frontlinesms',
    name: 'FrontlineSMS',
    services: ['sms'],
    options: {
      server_url: {
        label: 'FrontlineSMS Server URL',
        input: 'text',
        description: 'Where the FrontlineSMS server runs, for example https://cloud.frontlinesms.com/',
        rules: required,
      },
      key: { label: 'Key', input: 'text', description: 'The API key of the FrontlineSMS webhook', rules: secret },
      secret: {
        label: 'Secret',
        input: 'text',
        description: 'Only FrontlineSMS activities sending this secret can deliver messages; set the same secret there.',
        rules: secret,
      },
    },
    inboundFields: { Message: 'text' },
    secrets: ['key', 'secret'],
    sendNeeds: ['key'],
  },
  {
    id: 'nexmo',
    name: 'Nexmo',
    services: ['sms'],
    options: {
      from: { label: 'From', input: 'text', description: 'The number or sender name messages are sent from', rules: required },
      api_key: { label: 'API Key', input: 'text', description: 'The Vonage API key', rules: required },
      api_secret: { label: 'API secret', input: 'text', description: 'The Vonage API secret', rules: secret },
    },
    inboundFields: { Message: 'text' },
    secrets: ['api_secret'],
    sendNeeds: ['from', 'api_key', 'api_secret'],
  },
  {
    id: 'outgoingemail',
    name: 'OutgoingEmail',
    services: ['email'],
    options: {},
    inboundFields: {},
    secrets: [],
    sendNeeds: [],
  },
  {
    id: 'smssync',
    name: 'SMSSync',
    services: ['sms'],
    options: {
      intro_step1: {
        label: 'Step 1: Install the SMSSync app on an Android phone',
        input: 'read-only-text',
        description: 'SMSSync forwards the text messages the phone receives to this deployment.',
      },
      intro_step2: {
        label: 'Step 2: Android app settings',
        input: 'read-only-text',
        description: 'Turn on SMSSync and use this deployment address followed by /sms/smssync as the Sync URL.',
      },
      secret: {
        label: 'Secret',
        input: 'text',
        description: 'Only SMSSync phones sending this secret can deliver and collect messages; set the same secret in the app.',
        rules: secret,
      },
    },
    inboundFields: { Message: 'text', Date: 'datetime' },
    secrets: ['secret'],
    sendNeeds: ['secret'],
  },
  {
    id: 'twilio',
    name: 'Twilio',
    services: ['sms'],
    options: {
      from: { label: 'Phone Number', input: 'text', description: 'The Twilio number messages are sent from', rules: required },
      account_sid: {
        label: 'Account SID',
        input: 'text',
        description: 'The id of the Twilio account that receives the messages',
        rules: required,
      },
      auth_token: {
        label: 'Auth Token',
        input: 'text',
        description: 'Sends messages, and checks that requests come from Twilio (X-Twilio-Signature)',
        rules: secret,
      },
      sms_auto_response: { label: 'SMS Auto response', input: 'text', description: 'Sent back to every reporter who writes in', rules: [] },
    },
    inboundFields: { Message: 'text' },
    secrets: ['auth_token'],
    sendNeeds: ['from', 'account_sid', 'auth_token'],
  },
  {
    id: 'twitter',
    name: 'Twitter',
    services: ['twitter'],
    options: {
      intro_step1: {
        label: 'Step 1: Create a Twitter application',
        input: 'read-only-text',
        description: 'Twitter may take some time to approve a new application.',
      },
      intro_step2: {
        label: 'Step 2: Generate a consumer key and secret',
        input: 'read-only-text',
        description: 'Copy the keys, tokens and secrets of the application into the fields below.',
      },
      consumer_key: { label: 'Consumer Key', input: 'text', description: 'The consumer key of your Twitter app', rules: required },
      consumer_secret: { label: 'Consumer Secret', input: 'text', description: 'The consumer secret of your Twitter app', rules: secret },
      oauth_access_token: { label: 'Access Token', input: 'text', description: 'The access token of your Twitter app', rules: secret },
      oauth_access_token_secret: {
        label: 'Access Token Secret',
        input: 'text',
        description: 'The access token secret of your Twitter app',
        rules: secret,
      },
      twitter_search_terms: {
        label: 'Twitter search terms',
        input: 'text',
        description: 'Search terms separated by commas',
        rules: required,
      },
    },
    inboundFields: { Date: 'datetime', Message: 'text', Place: 'text' },
    secrets: ['consumer_secret', 'oauth_access_token', 'oauth_access_token_secret'],
  },
];

export type ProviderId = string;

export const providerById = (id: string): ProviderDefinition | undefined => PROVIDERS.find((p) => p.id === id);

/** The providers that reach contacts of a message type, preferred first (the incumbent's order). */
export const SENDERS_BY_TYPE: Readonly<Record<MessageType, readonly string[]>> = {
  sms: ['twilio', 'nexmo', 'frontlinesms', 'smssync'],
  email: ['outgoingemail', 'email'],
  twitter: ['twitter'],
  ivr: [],
};
