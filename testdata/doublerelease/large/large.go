// Package large: a function of many blocks, with one double release
// at its end.
package large

import "sync"

var mu sync.Mutex

func step(int) bool { return false }

// Many: when n < 0, mu is unlocked in the middle, and the Unlock at the
// end unlocks it a second time.
func Many(n int) {
	mu.Lock()
	if step(0) {
		n++
	} else if n > 0 {
		n--
	}
	if step(1) {
		n++
	} else if n > 1 {
		n--
	}
	if step(2) {
		n++
	} else if n > 2 {
		n--
	}
	if step(3) {
		n++
	} else if n > 3 {
		n--
	}
	if step(4) {
		n++
	} else if n > 4 {
		n--
	}
	if step(5) {
		n++
	} else if n > 5 {
		n--
	}
	if step(6) {
		n++
	} else if n > 6 {
		n--
	}
	if step(7) {
		n++
	} else if n > 7 {
		n--
	}
	if step(8) {
		n++
	} else if n > 8 {
		n--
	}
	if step(9) {
		n++
	} else if n > 9 {
		n--
	}
	if step(10) {
		n++
	} else if n > 10 {
		n--
	}
	if step(11) {
		n++
	} else if n > 11 {
		n--
	}
	if step(12) {
		n++
	} else if n > 12 {
		n--
	}
	if step(13) {
		n++
	} else if n > 13 {
		n--
	}
	if step(14) {
		n++
	} else if n > 14 {
		n--
	}
	if step(15) {
		n++
	} else if n > 15 {
		n--
	}
	if step(16) {
		n++
	} else if n > 16 {
		n--
	}
	if step(17) {
		n++
	} else if n > 17 {
		n--
	}
	if step(18) {
		n++
	} else if n > 18 {
		n--
	}
	if step(19) {
		n++
	} else if n > 19 {
		n--
	}
	if step(20) {
		n++
	} else if n > 20 {
		n--
	}
	if step(21) {
		n++
	} else if n > 21 {
		n--
	}
	if step(22) {
		n++
	} else if n > 22 {
		n--
	}
	if step(23) {
		n++
	} else if n > 23 {
		n--
	}
	if step(24) {
		n++
	} else if n > 24 {
		n--
	}
	if step(25) {
		n++
	} else if n > 25 {
		n--
	}
	if step(26) {
		n++
	} else if n > 26 {
		n--
	}
	if step(27) {
		n++
	} else if n > 27 {
		n--
	}
	if step(28) {
		n++
	} else if n > 28 {
		n--
	}
	if step(29) {
		n++
	} else if n > 29 {
		n--
	}
	if step(30) {
		n++
	} else if n > 30 {
		n--
	}
	if step(31) {
		n++
	} else if n > 31 {
		n--
	}
	if step(32) {
		n++
	} else if n > 32 {
		n--
	}
	if step(33) {
		n++
	} else if n > 33 {
		n--
	}
	if step(34) {
		n++
	} else if n > 34 {
		n--
	}
	if step(35) {
		n++
	} else if n > 35 {
		n--
	}
	if step(36) {
		n++
	} else if n > 36 {
		n--
	}
	if step(37) {
		n++
	} else if n > 37 {
		n--
	}
	if step(38) {
		n++
	} else if n > 38 {
		n--
	}
	if step(39) {
		n++
	} else if n > 39 {
		n--
	}
	if step(40) {
		n++
	} else if n > 40 {
		n--
	}
	if step(41) {
		n++
	} else if n > 41 {
		n--
	}
	if step(42) {
		n++
	} else if n > 42 {
		n--
	}
	if step(43) {
		n++
	} else if n > 43 {
		n--
	}
	if step(44) {
		n++
	} else if n > 44 {
		n--
	}
	if step(45) {
		n++
	} else if n > 45 {
		n--
	}
	if step(46) {
		n++
	} else if n > 46 {
		n--
	}
	if step(47) {
		n++
	} else if n > 47 {
		n--
	}
	if step(48) {
		n++
	} else if n > 48 {
		n--
	}
	if step(49) {
		n++
	} else if n > 49 {
		n--
	}
	if step(50) {
		n++
	} else if n > 50 {
		n--
	}
	if step(51) {
		n++
	} else if n > 51 {
		n--
	}
	if step(52) {
		n++
	} else if n > 52 {
		n--
	}
	if step(53) {
		n++
	} else if n > 53 {
		n--
	}
	if step(54) {
		n++
	} else if n > 54 {
		n--
	}
	if step(55) {
		n++
	} else if n > 55 {
		n--
	}
	if step(56) {
		n++
	} else if n > 56 {
		n--
	}
	if step(57) {
		n++
	} else if n > 57 {
		n--
	}
	if step(58) {
		n++
	} else if n > 58 {
		n--
	}
	if step(59) {
		n++
	} else if n > 59 {
		n--
	}
	if step(60) {
		n++
	} else if n > 60 {
		n--
	}
	if step(61) {
		n++
	} else if n > 61 {
		n--
	}
	if step(62) {
		n++
	} else if n > 62 {
		n--
	}
	if step(63) {
		n++
	} else if n > 63 {
		n--
	}
	if step(64) {
		n++
	} else if n > 64 {
		n--
	}
	if step(65) {
		n++
	} else if n > 65 {
		n--
	}
	if step(66) {
		n++
	} else if n > 66 {
		n--
	}
	if step(67) {
		n++
	} else if n > 67 {
		n--
	}
	if step(68) {
		n++
	} else if n > 68 {
		n--
	}
	if step(69) {
		n++
	} else if n > 69 {
		n--
	}
	if step(70) {
		n++
	} else if n > 70 {
		n--
	}
	if step(71) {
		n++
	} else if n > 71 {
		n--
	}
	if step(72) {
		n++
	} else if n > 72 {
		n--
	}
	if step(73) {
		n++
	} else if n > 73 {
		n--
	}
	if step(74) {
		n++
	} else if n > 74 {
		n--
	}
	if step(75) {
		n++
	} else if n > 75 {
		n--
	}
	if step(76) {
		n++
	} else if n > 76 {
		n--
	}
	if step(77) {
		n++
	} else if n > 77 {
		n--
	}
	if step(78) {
		n++
	} else if n > 78 {
		n--
	}
	if step(79) {
		n++
	} else if n > 79 {
		n--
	}
	if step(80) {
		n++
	} else if n > 80 {
		n--
	}
	if step(81) {
		n++
	} else if n > 81 {
		n--
	}
	if step(82) {
		n++
	} else if n > 82 {
		n--
	}
	if step(83) {
		n++
	} else if n > 83 {
		n--
	}
	if step(84) {
		n++
	} else if n > 84 {
		n--
	}
	if step(85) {
		n++
	} else if n > 85 {
		n--
	}
	if step(86) {
		n++
	} else if n > 86 {
		n--
	}
	if step(87) {
		n++
	} else if n > 87 {
		n--
	}
	if step(88) {
		n++
	} else if n > 88 {
		n--
	}
	if step(89) {
		n++
	} else if n > 89 {
		n--
	}
	if step(90) {
		n++
	} else if n > 90 {
		n--
	}
	if step(91) {
		n++
	} else if n > 91 {
		n--
	}
	if step(92) {
		n++
	} else if n > 92 {
		n--
	}
	if step(93) {
		n++
	} else if n > 93 {
		n--
	}
	if step(94) {
		n++
	} else if n > 94 {
		n--
	}
	if step(95) {
		n++
	} else if n > 95 {
		n--
	}
	if step(96) {
		n++
	} else if n > 96 {
		n--
	}
	if step(97) {
		n++
	} else if n > 97 {
		n--
	}
	if step(98) {
		n++
	} else if n > 98 {
		n--
	}
	if step(99) {
		n++
	} else if n > 99 {
		n--
	}
	if step(100) {
		n++
	} else if n > 100 {
		n--
	}
	if step(101) {
		n++
	} else if n > 101 {
		n--
	}
	if step(102) {
		n++
	} else if n > 102 {
		n--
	}
	if step(103) {
		n++
	} else if n > 103 {
		n--
	}
	if step(104) {
		n++
	} else if n > 104 {
		n--
	}
	if step(105) {
		n++
	} else if n > 105 {
		n--
	}
	if step(106) {
		n++
	} else if n > 106 {
		n--
	}
	if step(107) {
		n++
	} else if n > 107 {
		n--
	}
	if step(108) {
		n++
	} else if n > 108 {
		n--
	}
	if step(109) {
		n++
	} else if n > 109 {
		n--
	}
	if step(110) {
		n++
	} else if n > 110 {
		n--
	}
	if step(111) {
		n++
	} else if n > 111 {
		n--
	}
	if step(112) {
		n++
	} else if n > 112 {
		n--
	}
	if step(113) {
		n++
	} else if n > 113 {
		n--
	}
	if step(114) {
		n++
	} else if n > 114 {
		n--
	}
	if step(115) {
		n++
	} else if n > 115 {
		n--
	}
	if step(116) {
		n++
	} else if n > 116 {
		n--
	}
	if step(117) {
		n++
	} else if n > 117 {
		n--
	}
	if step(118) {
		n++
	} else if n > 118 {
		n--
	}
	if step(119) {
		n++
	} else if n > 119 {
		n--
	}
	if step(120) {
		n++
	} else if n > 120 {
		n--
	}
	if step(121) {
		n++
	} else if n > 121 {
		n--
	}
	if step(122) {
		n++
	} else if n > 122 {
		n--
	}
	if step(123) {
		n++
	} else if n > 123 {
		n--
	}
	if step(124) {
		n++
	} else if n > 124 {
		n--
	}
	if step(125) {
		n++
	} else if n > 125 {
		n--
	}
	if step(126) {
		n++
	} else if n > 126 {
		n--
	}
	if step(127) {
		n++
	} else if n > 127 {
		n--
	}
	if step(128) {
		n++
	} else if n > 128 {
		n--
	}
	if step(129) {
		n++
	} else if n > 129 {
		n--
	}
	if step(130) {
		n++
	} else if n > 130 {
		n--
	}
	if step(131) {
		n++
	} else if n > 131 {
		n--
	}
	if step(132) {
		n++
	} else if n > 132 {
		n--
	}
	if step(133) {
		n++
	} else if n > 133 {
		n--
	}
	if step(134) {
		n++
	} else if n > 134 {
		n--
	}
	if step(135) {
		n++
	} else if n > 135 {
		n--
	}
	if step(136) {
		n++
	} else if n > 136 {
		n--
	}
	if step(137) {
		n++
	} else if n > 137 {
		n--
	}
	if step(138) {
		n++
	} else if n > 138 {
		n--
	}
	if step(139) {
		n++
	} else if n > 139 {
		n--
	}
	if step(140) {
		n++
	} else if n > 140 {
		n--
	}
	if step(141) {
		n++
	} else if n > 141 {
		n--
	}
	if step(142) {
		n++
	} else if n > 142 {
		n--
	}
	if step(143) {
		n++
	} else if n > 143 {
		n--
	}
	if step(144) {
		n++
	} else if n > 144 {
		n--
	}
	if step(145) {
		n++
	} else if n > 145 {
		n--
	}
	if step(146) {
		n++
	} else if n > 146 {
		n--
	}
	if step(147) {
		n++
	} else if n > 147 {
		n--
	}
	if step(148) {
		n++
	} else if n > 148 {
		n--
	}
	if step(149) {
		n++
	} else if n > 149 {
		n--
	}
	if step(150) {
		n++
	} else if n > 150 {
		n--
	}
	if step(151) {
		n++
	} else if n > 151 {
		n--
	}
	if step(152) {
		n++
	} else if n > 152 {
		n--
	}
	if step(153) {
		n++
	} else if n > 153 {
		n--
	}
	if step(154) {
		n++
	} else if n > 154 {
		n--
	}
	if step(155) {
		n++
	} else if n > 155 {
		n--
	}
	if step(156) {
		n++
	} else if n > 156 {
		n--
	}
	if step(157) {
		n++
	} else if n > 157 {
		n--
	}
	if step(158) {
		n++
	} else if n > 158 {
		n--
	}
	if step(159) {
		n++
	} else if n > 159 {
		n--
	}
	if step(160) {
		n++
	} else if n > 160 {
		n--
	}
	if step(161) {
		n++
	} else if n > 161 {
		n--
	}
	if step(162) {
		n++
	} else if n > 162 {
		n--
	}
	if step(163) {
		n++
	} else if n > 163 {
		n--
	}
	if step(164) {
		n++
	} else if n > 164 {
		n--
	}
	if step(165) {
		n++
	} else if n > 165 {
		n--
	}
	if step(166) {
		n++
	} else if n > 166 {
		n--
	}
	if step(167) {
		n++
	} else if n > 167 {
		n--
	}
	if step(168) {
		n++
	} else if n > 168 {
		n--
	}
	if step(169) {
		n++
	} else if n > 169 {
		n--
	}
	if step(170) {
		n++
	} else if n > 170 {
		n--
	}
	if step(171) {
		n++
	} else if n > 171 {
		n--
	}
	if step(172) {
		n++
	} else if n > 172 {
		n--
	}
	if step(173) {
		n++
	} else if n > 173 {
		n--
	}
	if step(174) {
		n++
	} else if n > 174 {
		n--
	}
	if step(175) {
		n++
	} else if n > 175 {
		n--
	}
	if step(176) {
		n++
	} else if n > 176 {
		n--
	}
	if step(177) {
		n++
	} else if n > 177 {
		n--
	}
	if step(178) {
		n++
	} else if n > 178 {
		n--
	}
	if step(179) {
		n++
	} else if n > 179 {
		n--
	}
	if step(180) {
		n++
	} else if n > 180 {
		n--
	}
	if step(181) {
		n++
	} else if n > 181 {
		n--
	}
	if step(182) {
		n++
	} else if n > 182 {
		n--
	}
	if step(183) {
		n++
	} else if n > 183 {
		n--
	}
	if step(184) {
		n++
	} else if n > 184 {
		n--
	}
	if step(185) {
		n++
	} else if n > 185 {
		n--
	}
	if step(186) {
		n++
	} else if n > 186 {
		n--
	}
	if step(187) {
		n++
	} else if n > 187 {
		n--
	}
	if step(188) {
		n++
	} else if n > 188 {
		n--
	}
	if step(189) {
		n++
	} else if n > 189 {
		n--
	}
	if step(190) {
		n++
	} else if n > 190 {
		n--
	}
	if step(191) {
		n++
	} else if n > 191 {
		n--
	}
	if step(192) {
		n++
	} else if n > 192 {
		n--
	}
	if step(193) {
		n++
	} else if n > 193 {
		n--
	}
	if step(194) {
		n++
	} else if n > 194 {
		n--
	}
	if step(195) {
		n++
	} else if n > 195 {
		n--
	}
	if step(196) {
		n++
	} else if n > 196 {
		n--
	}
	if step(197) {
		n++
	} else if n > 197 {
		n--
	}
	if step(198) {
		n++
	} else if n > 198 {
		n--
	}
	if step(199) {
		n++
	} else if n > 199 {
		n--
	}
	if step(200) {
		n++
	} else if n > 200 {
		n--
	}
	if step(201) {
		n++
	} else if n > 201 {
		n--
	}
	if step(202) {
		n++
	} else if n > 202 {
		n--
	}
	if step(203) {
		n++
	} else if n > 203 {
		n--
	}
	if step(204) {
		n++
	} else if n > 204 {
		n--
	}
	if step(205) {
		n++
	} else if n > 205 {
		n--
	}
	if step(206) {
		n++
	} else if n > 206 {
		n--
	}
	if step(207) {
		n++
	} else if n > 207 {
		n--
	}
	if step(208) {
		n++
	} else if n > 208 {
		n--
	}
	if step(209) {
		n++
	} else if n > 209 {
		n--
	}
	if step(210) {
		n++
	} else if n > 210 {
		n--
	}
	if step(211) {
		n++
	} else if n > 211 {
		n--
	}
	if step(212) {
		n++
	} else if n > 212 {
		n--
	}
	if step(213) {
		n++
	} else if n > 213 {
		n--
	}
	if step(214) {
		n++
	} else if n > 214 {
		n--
	}
	if step(215) {
		n++
	} else if n > 215 {
		n--
	}
	if step(216) {
		n++
	} else if n > 216 {
		n--
	}
	if step(217) {
		n++
	} else if n > 217 {
		n--
	}
	if step(218) {
		n++
	} else if n > 218 {
		n--
	}
	if step(219) {
		n++
	} else if n > 219 {
		n--
	}
	if step(220) {
		n++
	} else if n > 220 {
		n--
	}
	if step(221) {
		n++
	} else if n > 221 {
		n--
	}
	if step(222) {
		n++
	} else if n > 222 {
		n--
	}
	if step(223) {
		n++
	} else if n > 223 {
		n--
	}
	if step(224) {
		n++
	} else if n > 224 {
		n--
	}
	if step(225) {
		n++
	} else if n > 225 {
		n--
	}
	if step(226) {
		n++
	} else if n > 226 {
		n--
	}
	if step(227) {
		n++
	} else if n > 227 {
		n--
	}
	if step(228) {
		n++
	} else if n > 228 {
		n--
	}
	if step(229) {
		n++
	} else if n > 229 {
		n--
	}
	if step(230) {
		n++
	} else if n > 230 {
		n--
	}
	if step(231) {
		n++
	} else if n > 231 {
		n--
	}
	if step(232) {
		n++
	} else if n > 232 {
		n--
	}
	if step(233) {
		n++
	} else if n > 233 {
		n--
	}
	if step(234) {
		n++
	} else if n > 234 {
		n--
	}
	if step(235) {
		n++
	} else if n > 235 {
		n--
	}
	if step(236) {
		n++
	} else if n > 236 {
		n--
	}
	if step(237) {
		n++
	} else if n > 237 {
		n--
	}
	if step(238) {
		n++
	} else if n > 238 {
		n--
	}
	if step(239) {
		n++
	} else if n > 239 {
		n--
	}
	if step(240) {
		n++
	} else if n > 240 {
		n--
	}
	if step(241) {
		n++
	} else if n > 241 {
		n--
	}
	if step(242) {
		n++
	} else if n > 242 {
		n--
	}
	if step(243) {
		n++
	} else if n > 243 {
		n--
	}
	if step(244) {
		n++
	} else if n > 244 {
		n--
	}
	if step(245) {
		n++
	} else if n > 245 {
		n--
	}
	if step(246) {
		n++
	} else if n > 246 {
		n--
	}
	if step(247) {
		n++
	} else if n > 247 {
		n--
	}
	if step(248) {
		n++
	} else if n > 248 {
		n--
	}
	if step(249) {
		n++
	} else if n > 249 {
		n--
	}
	if step(250) {
		n++
	} else if n > 250 {
		n--
	}
	if step(251) {
		n++
	} else if n > 251 {
		n--
	}
	if step(252) {
		n++
	} else if n > 252 {
		n--
	}
	if step(253) {
		n++
	} else if n > 253 {
		n--
	}
	if step(254) {
		n++
	} else if n > 254 {
		n--
	}
	if step(255) {
		n++
	} else if n > 255 {
		n--
	}
	if step(256) {
		n++
	} else if n > 256 {
		n--
	}
	if step(257) {
		n++
	} else if n > 257 {
		n--
	}
	if step(258) {
		n++
	} else if n > 258 {
		n--
	}
	if step(259) {
		n++
	} else if n > 259 {
		n--
	}
	if step(260) {
		n++
	} else if n > 260 {
		n--
	}
	if step(261) {
		n++
	} else if n > 261 {
		n--
	}
	if step(262) {
		n++
	} else if n > 262 {
		n--
	}
	if step(263) {
		n++
	} else if n > 263 {
		n--
	}
	if step(264) {
		n++
	} else if n > 264 {
		n--
	}
	if step(265) {
		n++
	} else if n > 265 {
		n--
	}
	if step(266) {
		n++
	} else if n > 266 {
		n--
	}
	if step(267) {
		n++
	} else if n > 267 {
		n--
	}
	if step(268) {
		n++
	} else if n > 268 {
		n--
	}
	if step(269) {
		n++
	} else if n > 269 {
		n--
	}
	if step(270) {
		n++
	} else if n > 270 {
		n--
	}
	if step(271) {
		n++
	} else if n > 271 {
		n--
	}
	if step(272) {
		n++
	} else if n > 272 {
		n--
	}
	if step(273) {
		n++
	} else if n > 273 {
		n--
	}
	if step(274) {
		n++
	} else if n > 274 {
		n--
	}
	if step(275) {
		n++
	} else if n > 275 {
		n--
	}
	if step(276) {
		n++
	} else if n > 276 {
		n--
	}
	if step(277) {
		n++
	} else if n > 277 {
		n--
	}
	if step(278) {
		n++
	} else if n > 278 {
		n--
	}
	if step(279) {
		n++
	} else if n > 279 {
		n--
	}
	if step(280) {
		n++
	} else if n > 280 {
		n--
	}
	if step(281) {
		n++
	} else if n > 281 {
		n--
	}
	if step(282) {
		n++
	} else if n > 282 {
		n--
	}
	if step(283) {
		n++
	} else if n > 283 {
		n--
	}
	if step(284) {
		n++
	} else if n > 284 {
		n--
	}
	if step(285) {
		n++
	} else if n > 285 {
		n--
	}
	if step(286) {
		n++
	} else if n > 286 {
		n--
	}
	if step(287) {
		n++
	} else if n > 287 {
		n--
	}
	if step(288) {
		n++
	} else if n > 288 {
		n--
	}
	if step(289) {
		n++
	} else if n > 289 {
		n--
	}
	if step(290) {
		n++
	} else if n > 290 {
		n--
	}
	if step(291) {
		n++
	} else if n > 291 {
		n--
	}
	if step(292) {
		n++
	} else if n > 292 {
		n--
	}
	if step(293) {
		n++
	} else if n > 293 {
		n--
	}
	if step(294) {
		n++
	} else if n > 294 {
		n--
	}
	if step(295) {
		n++
	} else if n > 295 {
		n--
	}
	if step(296) {
		n++
	} else if n > 296 {
		n--
	}
	if step(297) {
		n++
	} else if n > 297 {
		n--
	}
	if step(298) {
		n++
	} else if n > 298 {
		n--
	}
	if step(299) {
		n++
	} else if n > 299 {
		n--
	}
	if step(300) {
		n++
	} else if n > 300 {
		n--
	}
	if step(301) {
		n++
	} else if n > 301 {
		n--
	}
	if step(302) {
		n++
	} else if n > 302 {
		n--
	}
	if step(303) {
		n++
	} else if n > 303 {
		n--
	}
	if step(304) {
		n++
	} else if n > 304 {
		n--
	}
	if step(305) {
		n++
	} else if n > 305 {
		n--
	}
	if step(306) {
		n++
	} else if n > 306 {
		n--
	}
	if step(307) {
		n++
	} else if n > 307 {
		n--
	}
	if step(308) {
		n++
	} else if n > 308 {
		n--
	}
	if step(309) {
		n++
	} else if n > 309 {
		n--
	}
	if step(310) {
		n++
	} else if n > 310 {
		n--
	}
	if step(311) {
		n++
	} else if n > 311 {
		n--
	}
	if step(312) {
		n++
	} else if n > 312 {
		n--
	}
	if step(313) {
		n++
	} else if n > 313 {
		n--
	}
	if step(314) {
		n++
	} else if n > 314 {
		n--
	}
	if step(315) {
		n++
	} else if n > 315 {
		n--
	}
	if step(316) {
		n++
	} else if n > 316 {
		n--
	}
	if step(317) {
		n++
	} else if n > 317 {
		n--
	}
	if step(318) {
		n++
	} else if n > 318 {
		n--
	}
	if step(319) {
		n++
	} else if n > 319 {
		n--
	}
	if step(320) {
		n++
	} else if n > 320 {
		n--
	}
	if step(321) {
		n++
	} else if n > 321 {
		n--
	}
	if step(322) {
		n++
	} else if n > 322 {
		n--
	}
	if step(323) {
		n++
	} else if n > 323 {
		n--
	}
	if step(324) {
		n++
	} else if n > 324 {
		n--
	}
	if step(325) {
		n++
	} else if n > 325 {
		n--
	}
	if step(326) {
		n++
	} else if n > 326 {
		n--
	}
	if step(327) {
		n++
	} else if n > 327 {
		n--
	}
	if step(328) {
		n++
	} else if n > 328 {
		n--
	}
	if step(329) {
		n++
	} else if n > 329 {
		n--
	}
	if step(330) {
		n++
	} else if n > 330 {
		n--
	}
	if step(331) {
		n++
	} else if n > 331 {
		n--
	}
	if step(332) {
		n++
	} else if n > 332 {
		n--
	}
	if step(333) {
		n++
	} else if n > 333 {
		n--
	}
	if step(334) {
		n++
	} else if n > 334 {
		n--
	}
	if step(335) {
		n++
	} else if n > 335 {
		n--
	}
	if step(336) {
		n++
	} else if n > 336 {
		n--
	}
	if step(337) {
		n++
	} else if n > 337 {
		n--
	}
	if step(338) {
		n++
	} else if n > 338 {
		n--
	}
	if step(339) {
		n++
	} else if n > 339 {
		n--
	}
	if step(340) {
		n++
	} else if n > 340 {
		n--
	}
	if step(341) {
		n++
	} else if n > 341 {
		n--
	}
	if step(342) {
		n++
	} else if n > 342 {
		n--
	}
	if step(343) {
		n++
	} else if n > 343 {
		n--
	}
	if step(344) {
		n++
	} else if n > 344 {
		n--
	}
	if step(345) {
		n++
	} else if n > 345 {
		n--
	}
	if step(346) {
		n++
	} else if n > 346 {
		n--
	}
	if step(347) {
		n++
	} else if n > 347 {
		n--
	}
	if step(348) {
		n++
	} else if n > 348 {
		n--
	}
	if step(349) {
		n++
	} else if n > 349 {
		n--
	}
	if step(350) {
		n++
	} else if n > 350 {
		n--
	}
	if step(351) {
		n++
	} else if n > 351 {
		n--
	}
	if step(352) {
		n++
	} else if n > 352 {
		n--
	}
	if step(353) {
		n++
	} else if n > 353 {
		n--
	}
	if step(354) {
		n++
	} else if n > 354 {
		n--
	}
	if step(355) {
		n++
	} else if n > 355 {
		n--
	}
	if step(356) {
		n++
	} else if n > 356 {
		n--
	}
	if step(357) {
		n++
	} else if n > 357 {
		n--
	}
	if step(358) {
		n++
	} else if n > 358 {
		n--
	}
	if step(359) {
		n++
	} else if n > 359 {
		n--
	}
	if step(360) {
		n++
	} else if n > 360 {
		n--
	}
	if step(361) {
		n++
	} else if n > 361 {
		n--
	}
	if step(362) {
		n++
	} else if n > 362 {
		n--
	}
	if step(363) {
		n++
	} else if n > 363 {
		n--
	}
	if step(364) {
		n++
	} else if n > 364 {
		n--
	}
	if step(365) {
		n++
	} else if n > 365 {
		n--
	}
	if step(366) {
		n++
	} else if n > 366 {
		n--
	}
	if step(367) {
		n++
	} else if n > 367 {
		n--
	}
	if step(368) {
		n++
	} else if n > 368 {
		n--
	}
	if step(369) {
		n++
	} else if n > 369 {
		n--
	}
	if step(370) {
		n++
	} else if n > 370 {
		n--
	}
	if step(371) {
		n++
	} else if n > 371 {
		n--
	}
	if step(372) {
		n++
	} else if n > 372 {
		n--
	}
	if step(373) {
		n++
	} else if n > 373 {
		n--
	}
	if step(374) {
		n++
	} else if n > 374 {
		n--
	}
	if step(375) {
		n++
	} else if n > 375 {
		n--
	}
	if step(376) {
		n++
	} else if n > 376 {
		n--
	}
	if step(377) {
		n++
	} else if n > 377 {
		n--
	}
	if step(378) {
		n++
	} else if n > 378 {
		n--
	}
	if step(379) {
		n++
	} else if n > 379 {
		n--
	}
	if step(380) {
		n++
	} else if n > 380 {
		n--
	}
	if step(381) {
		n++
	} else if n > 381 {
		n--
	}
	if step(382) {
		n++
	} else if n > 382 {
		n--
	}
	if step(383) {
		n++
	} else if n > 383 {
		n--
	}
	if step(384) {
		n++
	} else if n > 384 {
		n--
	}
	if step(385) {
		n++
	} else if n > 385 {
		n--
	}
	if step(386) {
		n++
	} else if n > 386 {
		n--
	}
	if step(387) {
		n++
	} else if n > 387 {
		n--
	}
	if step(388) {
		n++
	} else if n > 388 {
		n--
	}
	if step(389) {
		n++
	} else if n > 389 {
		n--
	}
	if step(390) {
		n++
	} else if n > 390 {
		n--
	}
	if step(391) {
		n++
	} else if n > 391 {
		n--
	}
	if step(392) {
		n++
	} else if n > 392 {
		n--
	}
	if step(393) {
		n++
	} else if n > 393 {
		n--
	}
	if step(394) {
		n++
	} else if n > 394 {
		n--
	}
	if step(395) {
		n++
	} else if n > 395 {
		n--
	}
	if step(396) {
		n++
	} else if n > 396 {
		n--
	}
	if step(397) {
		n++
	} else if n > 397 {
		n--
	}
	if step(398) {
		n++
	} else if n > 398 {
		n--
	}
	if step(399) {
		n++
	} else if n > 399 {
		n--
	}
	if n < 0 {
		mu.Unlock()
	}
	switch n % 2 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 3 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 4 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 5 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 6 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 7 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 8 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 9 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 10 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 11 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 12 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 13 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 14 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 15 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 16 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 17 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 18 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 19 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 20 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 21 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 22 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 23 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 24 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 25 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 26 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 27 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 28 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 29 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 30 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 31 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 32 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 33 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 34 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 35 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 36 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 37 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 38 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 39 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 40 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 41 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 42 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 43 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 44 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 45 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 46 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 47 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 48 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 49 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 50 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 51 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 52 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 53 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 54 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 55 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 56 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 57 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 58 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 59 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 60 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 61 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 62 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 63 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 64 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 65 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 66 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 67 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 68 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 69 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 70 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 71 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 72 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 73 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 74 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 75 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 76 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 77 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 78 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 79 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 80 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 81 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 82 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 83 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 84 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 85 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 86 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 87 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 88 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 89 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 90 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 91 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 92 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 93 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 94 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 95 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 96 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 97 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 98 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 99 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 100 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	switch n % 101 {
	case 0:
		n += 2
	case 1:
		n *= 3
	}
	mu.Unlock() // want `mu\.Unlock\(\) unlocks mu a second time on this path`
}

func Loops(n int) {
	for i := 0; i < n; i++ {
		if step(i + 0) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 1) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 2) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 3) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 4) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 5) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 6) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 7) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 8) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 9) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 10) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 11) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 12) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 13) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 14) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 15) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 16) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 17) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 18) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 19) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 20) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 21) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 22) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 23) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 24) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 25) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 26) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 27) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 28) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 29) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 30) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 31) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 32) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 33) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 34) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 35) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 36) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 37) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 38) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 39) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 40) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 41) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 42) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 43) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 44) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 45) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 46) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 47) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 48) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 49) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 50) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 51) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 52) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 53) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 54) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 55) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 56) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 57) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 58) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 59) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 60) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 61) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 62) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 63) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 64) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 65) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 66) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 67) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 68) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 69) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 70) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 71) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 72) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 73) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 74) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 75) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 76) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 77) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 78) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 79) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 80) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 81) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 82) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 83) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 84) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 85) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 86) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 87) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 88) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 89) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 90) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 91) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 92) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 93) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 94) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 95) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 96) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 97) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 98) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 99) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 100) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 101) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 102) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 103) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 104) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 105) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 106) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 107) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 108) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 109) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 110) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 111) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 112) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 113) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 114) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 115) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 116) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 117) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 118) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 119) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 120) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 121) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 122) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 123) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 124) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 125) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 126) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 127) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 128) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 129) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 130) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 131) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 132) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 133) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 134) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 135) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 136) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 137) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 138) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 139) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 140) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 141) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 142) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 143) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 144) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 145) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 146) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 147) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 148) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 149) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 150) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 151) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 152) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 153) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 154) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 155) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 156) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 157) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 158) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 159) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 160) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 161) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 162) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 163) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 164) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 165) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 166) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 167) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 168) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 169) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 170) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 171) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 172) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 173) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 174) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 175) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 176) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 177) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 178) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 179) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 180) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 181) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 182) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 183) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 184) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 185) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 186) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 187) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 188) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 189) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 190) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 191) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 192) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 193) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 194) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 195) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 196) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 197) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 198) {
			mu.Lock()
			n++
			mu.Unlock()
		}
		if step(i + 199) {
			mu.Lock()
			n++
			mu.Unlock()
		}
	}
}
