export { matchesDependencyFilter, type MatchableDependency } from './match-dependency.js';
export { matchesPackageFilter, type MatchablePackage } from './match-package.js';
export type * from './types.js';
export { validateDependencyFilter, type FilterProblem } from './validate-filter.js';
