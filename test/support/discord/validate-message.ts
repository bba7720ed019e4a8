import { ButtonStyle, ComponentType, MessageFlags } from 'discord.js';
import type { FieldError } from './api-error.js';
import { allowedMentionsErrors } from './mentions.js';

/**
 * Discord's limits on a message body (create, edit, interaction response), checked the way
 * Discord checks them: each broken limit is a FieldError naming the field, answered as 400
 * Invalid Form Body (50035).
 */

export const MESSAGE_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  embedTotal: 6000,
  rows: 5,
  rowWidth: 5,
  selectOptions: 25,
  customId: 100,
  buttonLabel: 80,
  optionText: 100,
  placeholder: 150,
  files: 10,
} as const;

/** Characters as Discord counts them (code points, not UTF-16 units). */
export const length = (text: string): number => [...text].length;

const SELECT_TYPES = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Checker {
  readonly errors: FieldError[] = [];

  constructor(private readonly prefix: string) {}

  add(path: string, code: string, message: string): void {
    this.errors.push({ path: this.prefix + path, code, message });
  }

  maxLength(path: string, value: unknown, max: number): void {
    if (typeof value === 'string' && length(value) > max) {
      this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    } else if (Array.isArray(value) && value.length > max) {
      this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    }
  }

  between(path: string, value: unknown, min: number, max: number): void {
    const size = typeof value === 'string' ? length(value) : 0;
    if (typeof value !== 'string' || size < min || size > max) {
      this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
    }
  }

  required(path: string, value: unknown): boolean {
    if (value === undefined || value === null || value === '') {
      this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return false;
    }
    return true;
  }
}

/**
 * The limits broken by a message body (`prefix` is `data.` for an interaction callback);
 * `fileCount` counts the files uploaded with it. Absent fields are not checked (an edit).
 */
export function messageBodyErrors(body: Json, prefix = '', fileCount = 0): FieldError[] {
  const check = new Checker(prefix);
  if (body.content !== undefined && body.content !== null && typeof body.content !== 'string') {
    check.add('content', 'BASE_TYPE_STRING', 'Must be a string.');
  }
  check.maxLength('content', body.content, MESSAGE_LIMITS.content);
  if (Array.isArray(body.embeds)) checkEmbeds(check, body.embeds);
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  if (Array.isArray(body.components)) {
    if ((flags & MessageFlags.IsComponentsV2) !== 0) {
      check.add('flags', 'FAKE_UNSUPPORTED', 'The fake Discord does not model components v2.');
    } else {
      checkComponents(check, body.components);
    }
  }
  check.errors.push(...allowedMentionsErrors(body, prefix));
  const attachments = Array.isArray(body.attachments) ? body.attachments.length : 0;
  if (fileCount > MESSAGE_LIMITS.files || attachments > MESSAGE_LIMITS.files) {
    check.add(
      'attachments',
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${MESSAGE_LIMITS.files} or fewer in length.`,
    );
  }
  return check.errors;
}

function checkEmbeds(check: Checker, embeds: unknown[]): void {
  check.maxLength('embeds', embeds, MESSAGE_LIMITS.embeds);
  let total = 0;
  const count = (text: unknown): void => {
    if (typeof text === 'string') total += length(text);
  };
  embeds.forEach((embed, index) => {
    const at = `embeds.${index}.`;
    if (!isObject(embed)) {
      check.add(
        `embeds.${index}`,
        'MODEL_TYPE_CONVERT',
        'Only dictionaries may be used in a ModelType',
      );
      return;
    }
    check.maxLength(`${at}title`, embed.title, MESSAGE_LIMITS.embedTitle);
    check.maxLength(`${at}description`, embed.description, MESSAGE_LIMITS.embedDescription);
    count(embed.title);
    count(embed.description);
    if (isObject(embed.footer)) {
      check.maxLength(`${at}footer.text`, embed.footer.text, MESSAGE_LIMITS.footer);
      count(embed.footer.text);
    }
    if (isObject(embed.author)) {
      check.maxLength(`${at}author.name`, embed.author.name, MESSAGE_LIMITS.authorName);
      count(embed.author.name);
    }
    if (Array.isArray(embed.fields)) {
      check.maxLength(`${at}fields`, embed.fields, MESSAGE_LIMITS.embedFields);
      embed.fields.forEach((field: unknown, fieldIndex) => {
        const fieldAt = `${at}fields.${fieldIndex}.`;
        const { name, value } = isObject(field) ? field : {};
        if (check.required(`${fieldAt}name`, name)) {
          check.maxLength(`${fieldAt}name`, name, MESSAGE_LIMITS.fieldName);
        }
        if (check.required(`${fieldAt}value`, value)) {
          check.maxLength(`${fieldAt}value`, value, MESSAGE_LIMITS.fieldValue);
        }
        count(name);
        count(value);
      });
    }
  });
  if (total > MESSAGE_LIMITS.embedTotal) {
    check.add(
      'embeds',
      'MAX_EMBED_SIZE_EXCEEDED',
      `Embed size exceeds maximum size of ${MESSAGE_LIMITS.embedTotal}`,
    );
  }
}

function checkComponents(check: Checker, rows: unknown[]): void {
  check.maxLength('components', rows, MESSAGE_LIMITS.rows);
  const customIds = new Set<string>();
  rows.forEach((row, rowIndex) => {
    const at = `components.${rowIndex}`;
    if (!isObject(row) || row.type !== ComponentType.ActionRow) {
      check.add(`${at}.type`, 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = Array.isArray(row.components) ? row.components : [];
    if (children.length === 0) {
      check.add(`${at}.components`, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
    }
    check.maxLength(`${at}.components`, children, MESSAGE_LIMITS.rowWidth);
    let width = 0;
    children.forEach((child: unknown, childIndex) => {
      const childAt = `${at}.components.${childIndex}.`;
      const component = isObject(child) ? child : {};
      if (component.type === ComponentType.Button) {
        width += 1;
        checkButton(check, childAt, component);
      } else if (SELECT_TYPES.has(component.type as number)) {
        width += MESSAGE_LIMITS.rowWidth;
        checkSelect(check, childAt, component);
      } else {
        check.add(`${childAt}type`, 'COMPONENT_TYPE_INVALID', 'Invalid component type');
        return;
      }
      const customId = component.custom_id;
      if (typeof customId === 'string') {
        if (customIds.has(customId)) {
          check.add(
            `${childAt}custom_id`,
            'COMPONENT_CUSTOM_ID_DUPLICATED',
            'Component custom id cannot be duplicated',
          );
        }
        customIds.add(customId);
      }
    });
    if (width > MESSAGE_LIMITS.rowWidth && children.length <= MESSAGE_LIMITS.rowWidth) {
      check.add(
        `${at}.components`,
        'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        'The specified component exceeds the maximum width',
      );
    }
  });
}

function checkButton(check: Checker, at: string, button: Json): void {
  check.maxLength(`${at}label`, button.label, MESSAGE_LIMITS.buttonLabel);
  if (button.style === ButtonStyle.Link) {
    check.required(`${at}url`, button.url);
    if (button.custom_id !== undefined) {
      check.add(
        `${at}custom_id`,
        'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
        'A link button cannot have a custom id',
      );
    }
  } else if (button.style === ButtonStyle.Premium) {
    check.required(`${at}sku_id`, button.sku_id);
  } else if (typeof button.style !== 'number' || button.style < 1 || button.style > 4) {
    check.add(`${at}style`, 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
  } else {
    check.between(`${at}custom_id`, button.custom_id, 1, MESSAGE_LIMITS.customId);
  }
  if (button.style !== ButtonStyle.Premium && !button.label && button.emoji === undefined) {
    check.add(
      `${at}label`,
      'BUTTON_COMPONENT_LABEL_REQUIRED',
      'A button needs a label or an emoji',
    );
  }
}

function checkSelect(check: Checker, at: string, select: Json): void {
  check.between(`${at}custom_id`, select.custom_id, 1, MESSAGE_LIMITS.customId);
  check.maxLength(`${at}placeholder`, select.placeholder, MESSAGE_LIMITS.placeholder);
  if (select.type !== ComponentType.StringSelect) return;
  const options = Array.isArray(select.options) ? select.options : [];
  if (options.length === 0) {
    check.add(`${at}options`, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  }
  check.maxLength(`${at}options`, options, MESSAGE_LIMITS.selectOptions);
  const values = new Set<unknown>();
  options.forEach((option: unknown, index) => {
    const optionAt = `${at}options.${index}.`;
    const { label, value, description } = isObject(option) ? option : {};
    check.between(`${optionAt}label`, label, 1, MESSAGE_LIMITS.optionText);
    check.between(`${optionAt}value`, value, 1, MESSAGE_LIMITS.optionText);
    check.maxLength(`${optionAt}description`, description, MESSAGE_LIMITS.optionText);
    if (values.has(value)) {
      check.add(
        `${optionAt}value`,
        'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        'Select option values must be unique',
      );
    }
    values.add(value);
  });
  const max = select.max_values ?? 1;
  const min = select.min_values ?? 1;
  if (typeof max !== 'number' || max < 1 || max > options.length) {
    check.add(
      `${at}max_values`,
      'BASE_TYPE_MAX',
      `int value should be between 1 and ${options.length}.`,
    );
  }
  if (typeof min !== 'number' || min < 0 || min > (typeof max === 'number' ? max : 25)) {
    check.add(`${at}min_values`, 'BASE_TYPE_MIN', 'int value should be between 0 and max_values.');
  }
}
