import {
  hasSpecialCharacter,
  isChineseDigitsOrLetters,
  isChineseOnly,
  isDigitsOrLetters,
  isEmail,
  isLettersOnly,
  isLowercaseOnly,
  isMainlandMobile,
  isUppercaseOnly,
  maxLength,
  remainingLength,
  required,
  sanitizeCookieValue,
  selectionCount,
  validateField,
  type FormRule,
} from '../../shared/validators';

describe('character-class validators (SPEC §5)', () => {
  test.each([
    [isLettersOnly, ['abc', 'ABC', 'aBc'], ['', 'ab1', 'a b', '中文', 'é']],
    [isLowercaseOnly, ['abc', 'z'], ['', 'aBc', 'ABC', 'ab1']],
    [isUppercaseOnly, ['ABC', 'Z'], ['', 'AbC', 'abc', 'AB1']],
    [isDigitsOrLetters, ['abc123', '123', 'ABC'], ['', 'ab_1', 'ab 1', '中1', 'a-b']],
    [isChineseOnly, ['中文', '𠀀汉字'], ['', '中a', '中 文', '中文，', 'abc']],
    [isChineseDigitsOrLetters, ['中文abc123', 'abc', '123', '汉'], ['', '中文!', '中 文', 'a_b']],
  ])('%p', (validate, accepted, rejected) => {
    for (const value of accepted) expect([value, validate(value)]).toEqual([value, true]);
    for (const value of rejected) expect([value, validate(value)]).toEqual([value, false]);
  });
});

describe('isEmail', () => {
  test.each(['user@example.com', 'first.last+tag@mail.example.cn', 'a_b-c@sub-domain.qq.com', 'X9@163.COM'])('accepts %s', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  test.each(['', 'user', 'user@', '@example.com', 'user@example', 'user@example.c', 'us er@example.com', 'a@b@c.com', 'a..b@example.com', 'user@exa_mple.com'])(
    'rejects %p',
    (v) => {
      expect(isEmail(v)).toBe(false);
    },
  );
});

describe('isMainlandMobile', () => {
  test.each(['13812345678', '19912345678', '+8613812345678', '008615912345678', '16612345678'])('accepts %s', (v) => {
    expect(isMainlandMobile(v)).toBe(true);
  });
  test.each([
    '12812345678', // second digit 2
    '10812345678', // second digit 0
    '23812345678', // does not start with 1
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '86 13812345678',
    '8613812345678', // prefix without + or 00
    '+86 13812345678',
    '1381234567a',
    '',
  ])('rejects %p', (v) => {
    expect(isMainlandMobile(v)).toBe(false);
  });
});

describe('hasSpecialCharacter', () => {
  test.each(['a!b', '中文，', 'x@y', 'under_score', '100%', '《书》', 'a-b', 'tab\u0000'])('finds one in %p', (v) => {
    expect(hasSpecialCharacter(v)).toBe(true);
  });
  test.each(['', 'abc', 'ABC123', '中文汉字', '中文 abc 123'])('finds none in %p', (v) => {
    expect(hasSpecialCharacter(v)).toBe(false);
  });
});

describe('sanitizeCookieValue (SPEC §5 query cookies)', () => {
  test.each([
    ['360ald', '360ald'],
    ['foxit_10.1', 'foxit_101'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
    ['a b;c=d', 'abcd'],
    ['中文', '0'],
    ['', '0'],
    ['!!!', '0'],
  ])('%p → %p', (input, expected) => {
    expect(sanitizeCookieValue(input)).toBe(expected);
  });
  test.each([undefined, null, 42, ['a', 'b'], { a: 'b' }])('non-string %p → 0', (input) => {
    expect(sanitizeCookieValue(input)).toBe('0');
  });
});

describe('lengths', () => {
  test('count characters as users see them', () => {
    expect(remainingLength('', 10)).toBe(10);
    expect(remainingLength('中文ab', 10)).toBe(6);
    expect(remainingLength('😀😀', 3)).toBe(1);
    expect(remainingLength('abcdef', 4)).toBe(0);
  });
});

describe('form rules', () => {
  const nameRules: FormRule<string>[] = [required('请输入名称'), maxLength(4, '最多4个字符'), { test: isLettersOnly, message: '只能输入字母', trigger: 'blur' }];

  test('required rejects empty, blank, missing and empty selections', () => {
    const rule = required('必填');
    for (const value of ['', '   ', null, undefined, []]) expect(validateField(value, [rule])).toBe('必填');
    for (const value of ['x', 0, false, ['a']]) expect(validateField(value, [rule])).toBeNull();
  });

  test('the first broken rule speaks; passing values give null', () => {
    expect(validateField('', nameRules)).toBe('请输入名称');
    expect(validateField('abcde', nameRules)).toBe('最多4个字符');
    expect(validateField('中文', nameRules)).toBe('只能输入字母');
    expect(validateField('abcd', nameRules)).toBeNull();
  });

  test('a trigger runs only the rules bound to it', () => {
    expect(validateField('abcde', nameRules, 'blur')).toBeNull(); // maxLength runs on change
    expect(validateField('abcde', nameRules, 'change')).toBe('最多4个字符');
    expect(validateField('', nameRules, 'blur')).toBe('请输入名称');
    expect(validateField('', nameRules, 'change')).toBeNull();
  });

  test('maxLength counts Chinese characters as one each', () => {
    expect(validateField('中文中文', [maxLength(4, 'too long')])).toBeNull();
    expect(validateField('中文中文中', [maxLength(4, 'too long')])).toBe('too long');
  });

  test('checkbox groups honour min and max selection counts', () => {
    const rule = selectionCount({ min: 1, max: 2 }, '请选择1到2项');
    expect(validateField([], [rule])).toBe('请选择1到2项');
    expect(validateField(['a'], [rule])).toBeNull();
    expect(validateField(['a', 'b'], [rule])).toBeNull();
    expect(validateField(['a', 'b', 'c'], [rule])).toBe('请选择1到2项');
    expect(validateField(['a', 'b', 'c'], [selectionCount({ min: 2 }, 'm')])).toBeNull();
    expect(validateField(['a', 'b', 'c'], [selectionCount({ max: 2 }, 'm')])).toBe('m');
  });
});
