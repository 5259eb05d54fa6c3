export { classifyAddress, parseIpLiteral, type IpLiteral, type TAddressKind } from './address';
export { parseAllowRules, type AllowRule } from './allow-rules';
export { egressFetch, checkedAgent, EgressLimitError, type EgressResponse } from './http';
export { EgressPolicy, EgressRefusedError, type CheckedTarget } from './policy';
export { connectChecked } from './tcp';
