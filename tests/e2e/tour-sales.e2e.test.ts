import { tourOf } from './tour';

// Every menu entry sales (hero) sees: tests/e2e/tour.ts.
tourOf('sales');
