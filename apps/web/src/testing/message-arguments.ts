import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The argument names a parsed message uses (`{year}`, `{count, plural, …}`, `<b>…</b>`). */
export function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    }
  }
  return names;
}
