export * from './types';
export * from './can';
export * from './roles';
export * from './narrow';
