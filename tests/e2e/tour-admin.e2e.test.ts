import { tourOf } from './tour';

// Every menu entry admin (god) sees: tests/e2e/tour.ts.
tourOf('admin');
