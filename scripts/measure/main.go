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
//	measure [-o FILE] [-peak FILE] command [args...]
//
// It appends one line "wall_s cpu_s peak_mib exit" to FILE (default
// standard error); the command's own output passes through. With -peak,
// it also appends what made up the peak: one line per process of the
// group at the peak's sample, its resident MiB and what it was doing
// (for a vet tool process, the package its vet.cfg names), to see which
// processes overlap when the sum is largest.
package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "append the measurement to this file instead of standard error")
	peakOut := flag.String("peak", "", "append the processes that made up the peak to this file")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: measure [-o FILE] [-peak FILE] command [args...]")
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
	var atPeak []proc
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			procs := group(cmd.Process.Pid)
			if sum := total(procs); sum > peak {
				peak = sum
				if *peakOut != "" {
					atPeak = describe(procs)
				}
			}
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
	if *peakOut != "" {
		if err := appendPeak(*peakOut, peak, atPeak); err != nil {
			fmt.Fprintln(os.Stderr, "measure:", err)
			os.Exit(2)
		}
	}
}

// A proc is one process of the group at a sample: its pid, resident
// bytes and, once described, what it was doing.
type proc struct {
	pid  int
	rss  int64
	what string
}

// total is the summed resident memory of procs, in bytes.
func total(procs []proc) int64 {
	var sum int64
	for _, p := range procs {
		sum += p.rss
	}
	return sum
}

// group lists the processes in process group pgid with their resident
// memory.
func group(pgid int) []proc {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	page := int64(os.Getpagesize())
	var out []proc
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
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(path)))
		rss, _ := strconv.ParseInt(f[21], 10, 64)
		out = append(out, proc{pid: pid, rss: rss * page})
	}
	return out
}

// describe fills in what each process was doing: its program's base
// name and, when its last argument is a vet.cfg, the package that file
// names (read now, while go vet's work directory still holds it).
func describe(procs []proc) []proc {
	out := make([]proc, len(procs))
	for i, p := range procs {
		out[i] = p
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p.pid))
		if err != nil {
			out[i].what = "?"
			continue
		}
		args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
		out[i].what = filepath.Base(args[0])
		if last := args[len(args)-1]; strings.HasSuffix(last, ".cfg") {
			var cfg struct{ ImportPath string }
			if data, err := os.ReadFile(last); err == nil && json.Unmarshal(data, &cfg) == nil {
				out[i].what += " " + cfg.ImportPath
			}
		}
	}
	return out
}

// appendPeak appends the peak's composition to file: a header line with
// the peak, then one line per process, largest first.
func appendPeak(file string, peak int64, procs []proc) error {
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	slices.SortFunc(procs, func(a, b proc) int { return cmp.Compare(b.rss, a.rss) })
	fmt.Fprintf(f, "peak %.0f MiB\n", float64(peak)/(1<<20))
	for _, p := range procs {
		fmt.Fprintf(f, "\t%.0f\t%s\n", float64(p.rss)/(1<<20), p.what)
	}
	return nil
}
