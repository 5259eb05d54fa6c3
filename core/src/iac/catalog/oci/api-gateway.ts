import { defineService, type TTfBuildContext } from '../service';
import { enumProp, listProp, strProp } from '../properties';
import { block, call, ref, tfVar, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import { endpointNsgIds, tcp } from './client-rules';
import { compartment, primary, subnetId } from './shared';
import { serviceLog, serviceLogGroup } from './service-logs';

/** OCI API Gateway: a gateway, one deployment routing to its targets, token authentication. */

/**
 * A token property's value, or a required variable `<node>_<name>` when the design gives none: an
 * https URL (issuers and JWKS endpoints are; the gateway fetches keys over TLS only), else any
 * non-blank text (an audience).
 */
function tokenSetting(ctx: TTfBuildContext, key: string, name: string, what: string): TTfValue {
  if (ctx.value<string>(key)) return ctx.prop(key);
  const variable = `${ctx.node.local}_${name}`;
  const isUrl = key !== 'tokenAudience';
  return ctx.variable({
    name: variable,
    type: 'string',
    description: `${what} tokens API gateway ${ctx.node.name} accepts.`,
    validation: {
      condition: call('can', call('regex', isUrl ? '^https://\\S+$' : '\\S', tfVar(variable))),
      errorMessage: isUrl
        ? 'Give an https:// URL (the token issuer, or its JSON Web Key Set).'
        : 'Give the audience (aud claim) of the tokens.',
    },
  });
}

/**
 * TOKEN_AUTHENTICATION for the whole deployment: a bearer JWT in the Authorization header, signed
 * by a key of the issuer's JWKS, with the issuer and audience given; no anonymous access, so each
 * route needs an authenticated caller ("Validating Tokens to Add Authentication and Authorization
 * to API Deployments", OCI API Gateway).
 */
function tokenAuthentication(ctx: TTfBuildContext): TTfBlock {
  return block({
    type: 'TOKEN_AUTHENTICATION',
    token_header: 'Authorization',
    token_auth_scheme: 'Bearer',
    is_anonymous_access_allowed: false,
    validation_policy: block({
      type: 'REMOTE_JWKS',
      uri: tokenSetting(ctx, 'jwksUri', 'jwks_uri', 'URI of the JSON Web Key Set that signs the'),
      max_cache_duration_in_hours: 1,
      additional_validation_policy: block({
        issuers: [tokenSetting(ctx, 'tokenIssuer', 'token_issuer', 'Issuer (iss claim) of the')],
        audiences: [
          tokenSetting(ctx, 'tokenAudience', 'token_audience', 'Audience (aud claim) of the'),
        ],
      }),
    }),
  });
}

/** Routes to the functions and load balancers the gateway has traffic connections to. */
function routesOf(ctx: TTfBuildContext): TTfBlock[] {
  const routes: TTfBlock[] = [];
  for (const t of ctx.outgoing('traffic')) {
    const path = `/${t.node.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/{path*}`;
    const kind = t.node.service.kind;
    if (kind === 'function') {
      routes.push(
        block({
          path,
          methods: ['ANY'],
          backend: block({
            type: 'ORACLE_FUNCTIONS_BACKEND',
            function_id: ref(ctx.address(t.node, 'oci_functions_function'), 'id'),
          }),
        }),
      );
    } else if (kind === 'load-balancer' || kind === 'network-load-balancer') {
      const ip =
        kind === 'load-balancer'
          ? primary(ctx, t.node, 'ip_address_details[0].ip_address')
          : primary(ctx, t.node, 'ip_addresses[0].ip_address');
      routes.push(
        block({
          path,
          methods: ['ANY'],
          backend: block({
            type: 'HTTP_BACKEND',
            url: tpl('http://', ip, `:${ctx.portOf(t, t.node)}/\${request.path[path]}`),
          }),
        }),
      );
    }
  }
  return routes;
}

export const ociApiGateway = defineService({
  id: 'oci.api-gateway',
  cloud: 'oci',
  kind: 'api-gateway',
  name: 'API Gateway',
  category: 'api',
  description:
    'API gateway in a subnet with a deployment that routes to the functions (and HTTP services) it is connected to, bearer-token (JWT) authentication on every route unless turned off, CORS, and the policy that lets it invoke functions.',
  icon: 'oci-api-gateway',
  properties: [
    enumProp('endpointType', 'Endpoint', ['PUBLIC', 'PRIVATE'], 'PUBLIC'),
    strProp('pathPrefix', 'Path prefix', '/v1'),
    listProp('corsOrigins', 'CORS origins', ['*']),
    enumProp(
      'authentication',
      'Authentication',
      ['TOKEN', 'NONE'],
      'TOKEN',
      'TOKEN: every route needs a bearer JWT from the issuer below, checked against its JWKS. NONE: anyone who reaches the gateway calls its routes (a public one is reported by policy oci-api-gateway-authenticated).',
    ),
    strProp(
      'tokenIssuer',
      'Token issuer',
      '',
      'iss claim of accepted tokens (https://idcs-….identity.oraclecloud.com, an Auth0 or Entra tenant). Empty: a required variable <component>_token_issuer.',
    ),
    strProp(
      'tokenAudience',
      'Token audience',
      '',
      'aud claim of accepted tokens. Empty: a required variable <component>_token_audience.',
    ),
    strProp(
      'jwksUri',
      'JWKS URI',
      '',
      "The issuer's JSON Web Key Set (reachable without authentication). Empty: a required variable <component>_jwks_uri.",
    ),
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'oci-display', abbreviation: 'apigw' },
  emits: {
    terraform: [
      'oci_apigateway_gateway',
      'oci_apigateway_deployment',
      'oci_identity_policy',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
      'oci_logging_log_group',
      'oci_logging_log',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value('endpointType') === 'PUBLIC';
    const gw = ctx.resource('oci_apigateway_gateway', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      endpoint_type: ctx.prop('endpointType'),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      // Functions are invoked through Oracle's service endpoints, outside the VCN.
      network_security_group_ids: endpointNsgIds(ctx, [tcp(443)], isPublic, true),
      freeform_tags: ctx.tags(),
    });
    const routes = routesOf(ctx);
    // Without a target, a stock health answer that needs no token.
    const isAuthenticated = routes.length > 0 && ctx.value('authentication') === 'TOKEN';
    if (routes.length === 0) {
      routes.push(
        block({
          path: '/health',
          methods: ['GET'],
          backend: block({ type: 'STOCK_RESPONSE_BACKEND', status: 200, body: '{"status":"ok"}' }),
        }),
      );
    }
    const origins = ctx.value<string[]>('corsOrigins');
    const policies = {
      ...(isAuthenticated ? { authentication: tokenAuthentication(ctx) } : {}),
      ...(origins.length > 0
        ? {
            cors: block({
              allowed_origins: origins,
              allowed_methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
              allowed_headers: ['Content-Type', 'Authorization'],
              max_age_in_seconds: 600,
            }),
          }
        : {}),
    };
    const deployment = ctx.resource('oci_apigateway_deployment', local, {
      compartment_id: compartment(),
      gateway_id: ref(gw.address, 'id'),
      display_name: ctx.name('deployment'),
      path_prefix: ctx.prop('pathPrefix'),
      freeform_tags: ctx.tags(),
      specification: block({
        ...(Object.keys(policies).length > 0 ? { request_policies: block(policies) } : {}),
        routes,
      }),
    });
    // Each request (caller, route, status, latency) and what the gateway did with it (a token
    // refused, a backend that failed) are kept only in the deployment's service logs, categories
    // access and execution ("Adding Logging to API Deployments", API Gateway docs); without them
    // a 401 or 502 left nothing to read. In the log group it is connected to, else its own.
    const logGroup = serviceLogGroup(
      ctx,
      `Access and execution logs of API gateway ${ctx.node.name}`,
    );
    for (const category of ['access', 'execution']) {
      serviceLog(ctx, logGroup, {
        service: 'apigateway',
        category,
        resource: ref(deployment.address, 'id'),
      });
    }
    if (ctx.outgoing('traffic').some((t) => t.node.service.kind === 'function')) {
      ctx.resource('oci_identity_policy', local, {
        compartment_id: compartment(),
        name: ctx.name('policy', 'oci-iam'),
        description: `Lets API gateway ${ctx.node.name} invoke its functions`,
        statements: [
          tpl(
            'ALLOW any-user to use functions-family in compartment id ',
            compartment(),
            " where ALL {request.principal.type = 'ApiGateway', request.resource.compartment.id = '",
            compartment(),
            "'}",
          ),
        ],
        freeform_tags: ctx.tags(),
      });
    }
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(deployment.address, 'endpoint'));
  },
});
