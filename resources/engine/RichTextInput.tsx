import { useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import { Box, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import TitleIcon from '@mui/icons-material/Title';
import { useTranslate } from 'ra-core';
import { htmlText, linkHref } from './richText';

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'createLink' | 'heading';

const BUTTONS: { command: Command; icon: ComponentType<{ fontSize?: 'small' }>; label: string }[] = [
  { command: 'bold', icon: FormatBoldIcon, label: 'engine.rich.bold' },
  { command: 'italic', icon: FormatItalicIcon, label: 'engine.rich.italic' },
  { command: 'underline', icon: FormatUnderlinedIcon, label: 'engine.rich.underline' },
  { command: 'heading', icon: TitleIcon, label: 'engine.rich.heading' },
  { command: 'insertUnorderedList', icon: FormatListBulletedIcon, label: 'engine.rich.bulleted' },
  { command: 'insertOrderedList', icon: FormatListNumberedIcon, label: 'engine.rich.numbered' },
  { command: 'createLink', icon: LinkIcon, label: 'engine.rich.link' },
];

/** The element a command wraps the selection in where the browser has no editing commands. */
const WRAPPERS: Partial<Record<Command, string>> = { bold: 'b', italic: 'i', underline: 'u', heading: 'h3' };

/** The editor's HTML as the form keeps it: empty when nothing is written. */
function editorHtml(el: HTMLElement): string {
  const html = el.innerHTML;
  return htmlText(html).trim() === '' && !/<(li|img)\b/i.test(html) ? '' : html;
}

/** Wraps the range in a new element (the browser's commands do this better; this is for those without them). */
function wrapRange(range: Range, tag: string, attrs: Record<string, string> = {}): void {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.appendChild(range.extractContents());
  if (tag === 'ul' || tag === 'ol') {
    const li = document.createElement('li');
    li.append(...Array.from(el.childNodes));
    el.appendChild(li);
  }
  range.insertNode(el);
}

export interface RichTextInputProps {
  /** The HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The label, translated. */
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** An error (translated) shown under the editor instead of the hint. */
  error?: string;
  helperText?: string;
  /** Test id of the editable area (default 'richtext'). */
  testId?: string;
}

/**
 * A small rich-text editor: a contentEditable area with bold, italic, underline, heading, lists and link buttons;
 * the value is its HTML (the API sanitises it). No dependency: the browser's editing commands do the work.
 */
export function RichTextInput({
  value,
  onChange,
  onBlur,
  label,
  required,
  disabled,
  error,
  helperText,
  testId = 'richtext',
}: RichTextInputProps) {
  const translate = useTranslate();
  const editor = useRef<HTMLDivElement>(null);
  /** The last selection inside the editor (a toolbar click must not lose it). */
  const saved = useRef<Range | null>(null);

  // A value from outside (the record loaded, the form reset): shown unless it is what the editor holds already.
  useEffect(() => {
    const el = editor.current;
    if (el && editorHtml(el) !== (value ?? '')) el.innerHTML = value ?? '';
  }, [value]);

  const remember = () => {
    const selection = document.getSelection();
    const el = editor.current;
    if (selection?.rangeCount && el?.contains(selection.getRangeAt(0).commonAncestorContainer)) {
      saved.current = selection.getRangeAt(0).cloneRange();
    }
  };

  const emit = () => {
    if (editor.current) onChange(editorHtml(editor.current));
  };

  const run = (command: Command) => (event: MouseEvent) => {
    event.preventDefault();
    const el = editor.current;
    if (!el || disabled) return;
    let href: string | null = null;
    if (command === 'createLink') {
      href = linkHref(window.prompt(translate('engine.rich.linkPrompt'), 'https://') ?? '');
      if (!href || href === 'https://') return;
    }
    const selection = document.getSelection();
    const current = selection?.rangeCount ? selection.getRangeAt(0) : null;
    if (document.activeElement !== el) el.focus();
    // the selection the toolbar click left in place, else the last one inside the editor
    if (!(current && el.contains(current.commonAncestorContainer)) && saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    const supported = typeof document.execCommand === 'function' && document.queryCommandSupported?.('bold');
    if (supported) {
      if (command === 'heading') {
        const current = String(document.queryCommandValue('formatBlock')).toLowerCase();
        document.execCommand('formatBlock', false, current === 'h3' ? 'p' : 'h3');
      } else document.execCommand(command, false, href ?? undefined);
    } else {
      const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
      if (!range || !el.contains(range.commonAncestorContainer)) return;
      if (command === 'createLink') wrapRange(range, 'a', { href: href! });
      else if (command === 'insertUnorderedList') wrapRange(range, 'ul');
      else if (command === 'insertOrderedList') wrapRange(range, 'ol');
      else wrapRange(range, WRAPPERS[command]!);
    }
    remember();
    emit();
  };

  return (
    <Box>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} gutterBottom>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main' },
        }}
      >
        <Box
          role="toolbar"
          aria-label={translate('engine.rich.toolbar')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.25,
            px: 0.5,
            py: 0.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {BUTTONS.map(({ command, icon: Icon, label: key }) => (
            <Tooltip key={command} title={translate(key)}>
              <span>
                <IconButton
                  size="small"
                  aria-label={translate(key)}
                  disabled={disabled}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={run(command)}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ))}
        </Box>
        <Box
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-required={required || undefined}
          aria-invalid={!!error || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          data-testid={testId}
          onInput={emit}
          onBlur={() => {
            remember();
            onBlur?.();
          }}
          onKeyUp={remember}
          onMouseUp={remember}
          sx={{
            minHeight: 120,
            maxHeight: 400,
            overflowY: 'auto',
            px: 1.5,
            py: 1,
            typography: 'body2',
            outline: 'none',
            '& p, & h3': { my: 0.5 },
          }}
        />
      </Box>
      <FormHelperText error={!!error}>{error ?? helperText ?? ' '}</FormHelperText>
    </Box>
  );
}
