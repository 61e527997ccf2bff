// Command measure runs a command and reports its wall time, CPU time and
// peak memory, for scripts/benchmark.sh.
//
// Peak memory is the largest sum of resident set sizes of every process
// in the command's process group, sampled every 20 ms from /proc. go vet
// runs one analysis process per package next to the go command, several
// at a time, so the largest single process (what time(1) reports) would
// understate it; a single-process tool such as staticcheck gets the same
// measure. Linux only.
//
// Usage:
//
//	measure [-o FILE] command [args...]
//
// It appends one line "wall_s cpu_s peak_mib exit" to FILE (default
// standard error); the command's own output passes through.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "append the measurement to this file instead of standard error")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: measure [-o FILE] command [args...]")
		os.Exit(2)
	}
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var peak int64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			peak = max(peak, groupRSS(cmd.Process.Pid))
		}
	}
	wall := time.Since(start)
	code := 0
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	line := fmt.Sprintf("%.2f %.2f %.0f %d\n", wall.Seconds(), cpu.Seconds(), float64(peak)/(1<<20), code)
	w := os.Stderr
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "measure:", err)
			os.Exit(2)
		}
		defer f.Close()
		w = f
	}
	fmt.Fprint(w, line)
}

// groupRSS is the summed resident memory, in bytes, of the processes in
// process group pgid.
func groupRSS(pgid int) int64 {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	page := int64(os.Getpagesize())
	var sum int64
	for _, path := range stats {
		data, err := os.ReadFile(path)
		if err != nil {
			continue // the process has gone
		}
		// The command name, field 2, is parenthesised and may hold
		// spaces; the fields after it are plain. pgrp is field 5 and
		// rss (in pages) field 24.
		i := strings.LastIndexByte(string(data), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 22 {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g != pgid {
			continue
		}
		rss, _ := strconv.ParseInt(f[21], 10, 64)
		sum += rss * page
	}
	return sum
}
