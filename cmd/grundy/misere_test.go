package main

import "testing"

func TestMisereCommands(t *testing.T) {
	checkOutputs(t, []cliCase{
		{[]string{"misere", "canon", "*2+*2"}, "*[2[2]]\nbirthday 4, second player wins, genus 0^02, hereditarily tame\n"},
		{[]string{"misere", "canon", "{0, *2}"}, "*[1]\nbirthday 1, second player wins, genus 1^031, nim heap\n"},
		{[]string{"misere", "canon", "*[2[2]321]"}, "*[2[2]321]\nbirthday 5, first player wins, genus 4^146, restless\n"},
		{[]string{"misere", "genus", "0.77", "-n", "5"}, "   0  0^120        nim heap\n   1  1^031        nim heap\n   2  2^20         nim heap\n   3  3^31         nim heap\n   4  1^031        nim heap\n   5  4^146        restless\n"},
		{[]string{"misere", "quotient", "0.3", "-n", "7"}, "0.3, heaps 0 to 7: order 2, 1 in P\ngenerators: a = heap 1\nrelations: a^2 = 1\nP: a\nperiod 2 from heap 1 (proven: the quotient of all heaps)\nheaps:\n   0  1 a 1 a 1 a 1 a\n"},
		{[]string{"misere", "genus", "grundys-game", "-n", "3"}, "   0  0^120        nim heap\n   1  0^120        nim heap\n   2  0^120        nim heap\n   3  1^031        nim heap\n"},
		{[]string{"misere", "genus", "1,2", "-n", "2"}, "   0  0^120        nim heap\n   1  1^031        nim heap\n   2  2^20         nim heap\n"},
		{[]string{"misere", "quotient", "*[2#1]"}, "closure of *[2#1], 5 followers: order 12, 3 in P\ngenerators: a = *[1], b = *[2], c = *[2#1]\nrelations: a^2 = 1, c^2 = 1, b^2c = b^3, b^4 = b^2\nP: a, b^2, ac\nfollowers:\n1  *[0]\na  *[1]\nb  *[2]\nb^2  *[2#]\nc  *[2#1]\n"},
		{[]string{"misere", "quotient", "0"}, "closure of *[0], 1 follower: order 1, 0 in P\ngenerators: \nrelations: \nP: \nfollowers:\n1  *[0]\n"},
		{[]string{"misere", "quotient", "*", "--json"}, `{"period":null,"preperiod":null,"order":2,"identity":0,"heaps":[0,1],"followers":["*[0]","*[1]"],"table":[[0,1],[1,0]],"p":[1],"names":["1","a"],"generators":[{"name":"a","heap":1,"element":1}],"relations":[["a^2","1"]],"expansions":[1]}` + "\n"},
		{[]string{"misere", "quotient", "0.3", "-n", "4"}, "0.3, heaps 0 to 4: order 2, 1 in P\ngenerators: a = heap 1\nrelations: a^2 = 1\nP: a\nno period proven up to heap 4\nheaps:\n   0  1 a 1 a 1\n"},
	})
	checkRefusals(t, []cliCase{
		{[]string{"misere", "canon", "*[2["}, "syntax error at offset 4"},
		{[]string{"misere", "canon", "*[2[-3]]"}, "no part *3"},
		{[]string{"misere", "canon", "*5000"}, "syntax error at offset 1: nim heap *5000 is larger than *1024"},
		{[]string{"misere", "canon", "*2", "*3"}, "want 1 game"},
		{[]string{"misere", "canon", "*30+*31+*32+*33", "--budget", "1000"}, "raise it with --budget"},
		{[]string{"misere", "genus", "0.77"}, "missing flag -n"},
		{[]string{"misere", "genus", "0.77", "-n", "200", "--budget", "1e5"}, "needs about 173858 steps, more than the limit of 100000: raise it with --budget"},
		{[]string{"misere", "genus", "0.9x", "-n", "5"}, "0.9x"},
		{[]string{"misere", "quotient", "0.77", "-n", "5000"}, "want an integer from 0 to 4096"},
		{[]string{"misere", "quotient", "0.07", "-n", "30", "--max-memory", "512K"}, "bytes, more than the limit of 524288: raise it with --max-memory"},
		{[]string{"misere", "quotient", "0.07", "-n", "30", "--max-memory", "-3"}, "--max-memory \"-3\": want bytes"},
		{[]string{"misere", "quotient", "*2", "-n", "3"}, "-n applies to heap games"},
		{[]string{"misere", "quotient", "*[2#"}, "operand 1 \"*[2#\": syntax error at offset 4: missing ']'"},
		{[]string{"misere", "quotient", "*[2#1]", "--max-memory", "64"}, "the quotient of the 5 followers of a game needs about"},
		{[]string{"misere", "genus", "0.07", "-n", "3", "--max-memory", "1G"}, "unknown flag \"--max-memory\""},
	})
}
