import { Box } from '@mui/material';
import { sanitizeHtml } from '../../domain/html';

/**
 * Stored rich text shown as formatted text (show views). The API sanitises what it stores; sanitizeHtml (the same
 * sanitiser) keeps the console safe from whatever an older row holds. Loaded with the first rich-text value.
 */
export default function RichTextValue({ html }: { html: string }) {
  return (
    <Box
      className="engine-richtext"
      sx={{ '& p, & h1, & h2, & h3, & h4, & ul, & ol': { my: 0.5 } }}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
