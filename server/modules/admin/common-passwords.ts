/**
 * Passwords that guessing tries first: the most common ones of publicly leaked password lists, Chinese sites'
 * included, with the keyboard walks, repeated digits and year or "admin" variants they are full of; separated by
 * spaces. Compared in lower case: an operator's password may not be one of them.
 */
const LIST = `
123456 123456789 12345678 password qwerty123 qwerty 1q2w3e4r 12345 1234567890 111111 1234567 123123 000000
abc123 password1 iloveyou 1qaz2wsx 123321 654321 qwertyuiop 666666 888888 88888888 66666666 11111111 00000000
987654321 0987654321 1234qwer qwer1234 a123456 a12345678 a123456789 123456a 123456abc abc123456 abcd1234
1234abcd aa123456 aa12345678 qq123456 qq123456789 woaini woaini1314 woaini520 5201314 1314520 5201314520
1314520520 7758521 7758258 147258369 147258 159753 123654 123qwe 123qweasd qwe123 qwe123456 qweasd qweasdzxc
1qazxsw2 1qaz2wsx3edc zaq12wsx zxcvbnm zxcvbnm123 asdfghjkl asd123456 asdf1234 admin admin123 admin1234
admin12345 admin888 administrator root root123 test test123 test1234 guest passw0rd p@ssw0rd p@ssword
password123 password12 password1234 pass1234 letmein welcome welcome1 welcome123 monkey dragon football
baseball master shadow sunshine princess superman batman trustno1 iloveyou1 iloveyou123 michael charlie
jordan jennifer hunter buster soccer harley andrew tigger starwars computer freedom whatever qazwsx qazwsxedc
1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 1a2b3c4d 1a2b3c4d5e aaa111 aaaaaa aaaaaaaa abcdef abcdefg
abcdefgh 121212 131313 112233 11223344 123123123 12341234 1111111111 0000000000 2222222222 5555555555
6666666666 8888888888 9999999999 1234512345 1234554321 123454321 12344321 147852369 963852741 741852963
159357 159357258 3.1415926 31415926 woshishui nihao nihao123 wangyi 520520 521521 520520520 5211314 1314521
iloveyou520 88889999 12qwaszx 12qwaszx34 1qaz@wsx 1qaz!qaz 1234!qwer qwer!234 123456aa 123456qq 123456789a
123456789q a1234567 a1b2c3d4 a1b2c3d4e5 abc12345 abc123abc abcabc123 asdasd asdasd123 zxczxc 123zxc zxc123
zxc123456 yangyang xiaoming wangwei zhangwei liwei huawei123 taobao123 baidu123 qq1234567 wechat123 weixin123
admin@123 admin#123 admin!23 admin2024 admin2025 yixue123 changeme changeme123 default secret secret123 login
login123 hello123 hellokitty hello1234 loveme iloveu 1314woaini woaini1314520 dearbook 1234567a 7654321
87654321 98765432 11112222 12121212 abc@123 abc#123 qwe@123 qwerty12 qwerty1234 qwertyui asdfasdf zxcvzxcv
1qaz 2wsx 3edc 4rfv
`

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.trim().split(/\s+/))
