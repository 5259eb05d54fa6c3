export { classifyAddress, parseIpLiteral, type IpLiteral, type TAddressKind } from './address';
export { parseAllowRules, type AllowRule } from './allow-rules';
export { DenyList, ownServices, serviceEndpoint, type OwnService } from './deny';
export {
  egressFetch,
  checkedAgent,
  EgressLimitError,
  type ConnectionTimings,
  type EgressResponse,
  type EgressTimings,
} from './http';
export { EgressPolicy, EgressRefusedError, type CheckedTarget, type CheckOptions } from './policy';
export { systemResolver, type Resolver } from './resolver';
export { connectChecked } from './tcp';
