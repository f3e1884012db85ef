export * from './geodata.ts';
export * from './staticMap.ts';
export * from './mercator.ts';
export * from './places.ts';
