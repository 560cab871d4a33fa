export type {
  DependencyRecord,
  DeploymentRecord,
  EmulatorDataset,
  FindingRecord,
  LockfileRecord,
  NotificationRecord,
  ProjectRecord,
  RepositoryRecord,
  SecretRecord,
  TokenRecord,
} from './dataset.js';
export { FAULT_KINDS, FaultSet, validateFaultRules, type FaultKind, type FaultRule } from './faults.js';
export { createRandom, generateDataset, type GenerateOptions } from './generate.js';
export {
  createEmulator,
  createEmulatorHandler,
  EMULATOR_PAGE_BOUNDS,
  type Emulator,
  type EmulatorHandler,
  type EmulatorOptions,
  type RequestLogEntry,
} from './handler.js';
export { createHandlerTransport } from './handler-transport.js';
export { DatasetError, loadDatasetFile, parseDataset } from './load-dataset.js';
export { createSeedDataset, SEED_DEPLOYMENT, SEED_EXAMPLES, SEED_TOKENS } from './seed.js';
export {
  startEmulatorServer,
  startServer,
  type EmulatorServerOptions,
  type RunningServer,
} from './server.js';
export { candidatePositions, createEmulatorState, queryDependencies, type EmulatorState } from './state.js';
export { createOsvRoutes, type OsvDatabaseOptions } from './osv-routes.js';
export { OSV_SEED_RECORDS } from './osv-seed.js';
export { createNpmRoutes, NPM_REGISTRY_PATH, type NpmRegistryOptions } from './npm-routes.js';
export { NPM_SEED_PACKUMENTS } from './npm-seed.js';
