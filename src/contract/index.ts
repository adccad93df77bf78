export * from './account';
export * from './bases';
export * from './common';
export * from './logger';
export * from './paths';
export * from './roles';
export * from './session';
export * from './support';
