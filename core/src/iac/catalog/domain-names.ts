/** Whether `domain` is `zone` itself or a name under it, both written as they are compared. */
export const isUnder = (domain: string, zone: string): boolean =>
  domain === zone || domain.endsWith(`.${zone}`);
