/** The database feature's query keys; every mutation invalidates through these. */
export const databaseKeys = {
  all: ['database'] as const,
  config: () => [...databaseKeys.all, 'config'] as const,
  log: () => [...databaseKeys.all, 'log'] as const,
  egress: () => [...databaseKeys.all, 'egress'] as const,
};
