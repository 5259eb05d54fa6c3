/**
 * The parts of a Postman collection v2.1 document (as the SDK's `toJSON()` writes it) that the
 * importer and exporter read. https://schema.getpostman.com/json/collection/v2.1.0/collection.json
 */

export type PmDescription = string | { content?: string; type?: string } | undefined;

export interface PmKeyValue {
  key?: string | null;
  value?: unknown;
  disabled?: boolean;
  description?: PmDescription;
  type?: string;
}

export interface PmAuth {
  type: string;
  [params: string]: unknown;
}

export interface PmUrl {
  raw?: string;
  protocol?: string;
  host?: string | string[];
  port?: string;
  path?: string | string[];
  query?: PmKeyValue[];
  variable?: PmKeyValue[];
  hash?: string;
}

export interface PmFormParam extends PmKeyValue {
  type?: string;
  src?: string | string[] | null;
  contentType?: string;
}

export interface PmBody {
  mode?: string;
  raw?: string;
  urlencoded?: PmKeyValue[];
  formdata?: PmFormParam[];
  graphql?: { query?: string; variables?: unknown };
  file?: unknown;
  disabled?: boolean;
  options?: { raw?: { language?: string } };
}

export interface PmRequest {
  url?: PmUrl | string;
  method?: string;
  header?: PmKeyValue[];
  body?: PmBody;
  auth?: PmAuth;
  description?: PmDescription;
}

export interface PmEvent {
  listen?: string;
  script?: { exec?: string[] | string; type?: string };
}

export interface PmItem {
  name?: string;
  description?: PmDescription;
  /** A folder has `item`; a request has `request`. */
  item?: PmItem[];
  request?: PmRequest;
  response?: unknown[];
  event?: PmEvent[];
  auth?: PmAuth;
  protocolProfileBehavior?: { followRedirects?: boolean };
}

export interface PmCollection {
  info?: { name?: string; schema?: string; description?: PmDescription; _postman_id?: string };
  description?: PmDescription;
  item?: PmItem[];
  event?: PmEvent[];
  variable?: PmKeyValue[];
  auth?: PmAuth;
}
