/**
 * The parts of an OpenAPI 3.0 / 3.1 document the importer reads, once dereferenced (a circular
 * schema keeps its `$ref`). https://spec.openapis.org/oas/v3.1.0
 */

export interface OaSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, OaSchema>;
  items?: OaSchema;
  contentMediaType?: string;
  [keyword: string]: unknown;
}

export interface OaExample {
  value?: unknown;
}

export interface OaParameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: OaSchema;
  example?: unknown;
  examples?: Record<string, OaExample>;
}

export interface OaMediaType {
  schema?: OaSchema;
  example?: unknown;
  examples?: Record<string, OaExample>;
}

export type OaSecurityRequirement = Record<string, string[]>;

export interface OaOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: OaParameter[];
  requestBody?: { content?: Record<string, OaMediaType> };
  security?: OaSecurityRequirement[];
  servers?: OaServer[];
  deprecated?: boolean;
}

export interface OaServer {
  url: string;
  variables?: Record<string, { default?: string }>;
}

export interface OaFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  scopes?: Record<string, string>;
}

export interface OaSecurityScheme {
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  scheme?: string;
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  flows?: {
    implicit?: OaFlow;
    password?: OaFlow;
    clientCredentials?: OaFlow;
    authorizationCode?: OaFlow;
  };
}

export type OaPathItem = Partial<Record<(typeof HTTP_OPERATIONS)[number], OaOperation>> & {
  parameters?: OaParameter[];
  servers?: OaServer[];
};

export interface OaDocument {
  openapi: string;
  info?: { title?: string; description?: string; version?: string };
  servers?: OaServer[];
  paths?: Record<string, OaPathItem>;
  tags?: { name: string; description?: string }[];
  security?: OaSecurityRequirement[];
  components?: { securitySchemes?: Record<string, OaSecurityScheme> };
}

export const HTTP_OPERATIONS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
