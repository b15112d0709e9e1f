/**
 * Passwords of 8+ characters that top the public breach-frequency lists; refused at sign-up.
 * Compared case-insensitively.
 */
const list = `12345678 123456789 1234567890 12345678910 password password1 password123 passw0rd p@ssw0rd
qwertyuiop qwerty123 qwerty12 1qaz2wsx qazwsxedc zaq12wsx 11111111 00000000 88888888 12341234
123123123 987654321 87654321 11223344 iloveyou iloveyou1 sunshine princess football baseball
superman starwars trustno1 whatever letmein1 welcome1 welcome123 computer michelle jennifer
abcd1234 abc12345 1q2w3e4r 1q2w3e4r5t asdfghjkl zxcvbnm123 aaaaaaaa changeme admin123
administrator master123 dragon123 monkey123 shadow123 charlie1 freedom1 internet samsung1
liverpool chocolate butterfly basketball 123qweasd q1w2e3r4 q1w2e3r4t5 passport mustang1
jordan23 michael1 tarab123 music123 musicmusic`;

const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
