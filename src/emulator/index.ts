export type { EmulatorDataset } from './dataset.js';
export { type FaultRule, type FaultKind, FAULT_KINDS } from './faults.js';
export { generateDataset } from './generate.js';
export {
  createEmulator,
  EMULATOR_PAGE_BOUNDS,
  type Emulator,
  type EmulatorOptions,
  type RequestLogEntry,
} from './handler.js';
export { createHandlerTransport } from './handler-transport.js';
export { DatasetError, parseDataset } from './load-dataset.js';
export { createSeedDataset, SEED_DEPLOYMENT, SEED_TOKENS } from './seed.js';
export { startServer, type RunningServer } from './server.js';
