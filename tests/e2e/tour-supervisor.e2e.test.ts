import { tourOf } from './tour';

// Every menu entry supervisor (angel) sees: tests/e2e/tour.ts.
tourOf('supervisor');
