import { useState, type FormEvent } from 'react';
import { fieldMessagesOf, type FieldErrors } from '../api/fieldMessages.ts';

/**
 * A form the server checks again: its values, each field's message (first the form's own check, then the server's
 * refusal sorted to the fields it names) and what the server refused as a whole. A change clears the messages of the
 * fields it changes; nothing is sent while the form's own check finds something.
 */
export function useServerForm<Values extends object, Field extends keyof Values & string>(options: {
  initial: () => Values;
  /** The fields a refusal's messages may name; the others' messages are general. */
  fields: readonly Field[];
  check: (values: Values) => FieldErrors<Field>;
  save: (values: Values) => Promise<void>;
}) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [general, setGeneral] = useState<readonly string[]>([]);

  function change(patch: Partial<Values>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const kept = { ...current };
      for (const field of options.fields) if (field in patch) delete kept[field];
      return kept;
    });
  }

  async function submit() {
    const found = options.check(values);
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    try {
      await options.save(values);
    } catch (error) {
      const sorted = fieldMessagesOf(error, options.fields);
      setErrors(sorted.fields);
      setGeneral(sorted.general);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return { values, errors, general, change, handleSubmit };
}
