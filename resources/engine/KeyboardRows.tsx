import { forwardRef, memo, type KeyboardEvent } from 'react';
import { DataTableBody, DataTableRow, type DataTableBodyProps, type DataTableRowProps } from 'react-admin';

/** Enter or Space on a focused row does what a click on it does (not on a button or field inside the row). */
function openOnKey(e: KeyboardEvent<HTMLTableRowElement>) {
  if ((e.key !== 'Enter' && e.key !== ' ') || e.target !== e.currentTarget) return;
  e.preventDefault();
  e.currentTarget.click();
}

/** A list row in the tab order, opened from the keyboard as with a click. */
const KeyboardRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardRow(props, ref) {
    return <DataTableRow ref={ref} tabIndex={0} onKeyDown={openOnKey} {...props} />;
  }),
);

/**
 * The body of a DataTable whose rows open something (a record, a drawer, a phone's action sheet): each row takes the
 * focus with Tab and opens with Enter, so that a list works without a mouse.
 */
export const KeyboardRowsBody = memo(
  forwardRef<HTMLTableSectionElement, DataTableBodyProps>(function KeyboardRowsBody(props, ref) {
    return <DataTableBody ref={ref} {...props} row={KeyboardRow} />;
  }),
);
