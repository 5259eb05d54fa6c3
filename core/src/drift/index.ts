export * from './model';
export { readActual, type TFileActualKind } from './actual';
export { suggestedAddress, identifierFromId } from './actual/common';
export { desiredFromParsed, desiredFromState } from './desired';
export { detectDrift } from './detect';
export { NOISE_RULES, type TNoiseRule } from './noise';
export { compareResource, isEmptyValue } from './normalize';
