import { tourOf } from './tour';

// Every menu entry leader (superman) sees: tests/e2e/tour.ts.
tourOf('leader');
