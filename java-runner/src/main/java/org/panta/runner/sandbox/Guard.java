package org.panta.runner.sandbox;

import java.io.File;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.panta.runner.isolation.Attempts;
import org.panta.runner.isolation.TestCodeGuard;

/**
 * The run-time checks of guarded test code (see isolation.TestCodeGuard, which rewrites the call
 * sites of test classes into calls of these methods). Each refuses, with a {@link
 * TamperingRefused} recorded for the running test, what would let a test reach what decides its
 * verdict: Panta's classes and the shaded libraries in them ({@code org.panta.}), JaCoCo's
 * members in the class under test ({@code $jacoco*}), {@code Unsafe}, heap dumps and diagnostic
 * commands, the protocol's file descriptors and {@code /proc/self}, {@code /proc/<pid>},
 * {@code /dev/fd}. Everything else is done as the original call would (reflection on the
 * project's own classes stays allowed). Must stay public and visible to run class loaders.
 */
public final class Guard {
  private Guard() {}

  /** Refuses at once: a call test code may not make at all. */
  public static void refuse(String what) {
    Attempts.tampering(what);
    throw new TamperingRefused(what);
  }

  // ---- names of classes ----

  private static boolean protectedName(String name) {
    if (name == null) {
      return false;
    }
    String n = name.replace('/', '.');
    return n.startsWith("org.panta.")
        || n.startsWith("[Lorg.panta.")
        || n.equals("sun.misc.Unsafe")
        || n.startsWith("jdk.internal.")
        || n.startsWith("com.sun.tools.attach.")
        || n.startsWith("sun.tools.attach.");
  }

  private static void checkName(String name, String how) {
    if (protectedName(name)) {
      refuse(how + " " + name);
    }
  }

  /**
   * Classes whose members test code may not reach by reflection or method handles: Panta's, and
   * the JDK's own means of reflection, class loading, native code, file descriptors and agents
   * (reached through reflection, they would skip the checks their call sites get).
   */
  private static boolean reflectionTarget(Class<?> c) {
    String n = c.getName();
    return protectedName(n)
        || n.startsWith("java.lang.reflect.")
        || n.startsWith("java.lang.invoke.")
        || n.startsWith("java.lang.instrument.")
        || n.startsWith("sun.")
        || n.startsWith("com.sun.")
        || n.startsWith("jdk.")
        || n.startsWith("net.bytebuddy.agent.")
        || n.equals("java.lang.Class")
        || n.equals("java.lang.System")
        || n.equals("java.lang.Runtime")
        || n.equals("java.lang.Module")
        || n.equals("java.io.FileDescriptor")
        || ClassLoader.class.isAssignableFrom(c);
  }

  private static void checkClass(Class<?> c, String how) {
    if (c != null && reflectionTarget(c)) {
      refuse(how + " " + c.getName());
    }
  }

  private static void checkParameters(Class<?>[] types, String how) {
    for (Class<?> t : types == null ? new Class<?>[0] : types) {
      if (t == java.io.FileDescriptor.class) {
        refuse(how + " a member that takes a FileDescriptor");
      }
    }
  }

  /** Before ClassLoader.loadClass(name, ...): the name stays on the stack. */
  public static void checkClassName(String name) {
    checkName(name, "ClassLoader.loadClass of");
  }

  private static void checkMember(Class<?> c, String name, String how) {
    checkClass(c, how);
    if (name != null && name.startsWith("$jacoco")) {
      refuse(how + " " + (c == null ? "" : c.getName() + ".") + name + " (coverage probes)");
    }
  }

  private static void checkMember(Member m, String how) {
    if (m != null) {
      checkMember(m.getDeclaringClass(), m.getName(), how);
    }
  }

  public static Class<?> forName(String name) throws ClassNotFoundException {
    checkName(name, "Class.forName of");
    return Class.forName(name, true, callerLoader());
  }

  /** Class.forName(name) as `caller`'s code calls it: with the caller's loader. */
  public static Class<?> forName(String name, Class<?> caller) throws ClassNotFoundException {
    checkName(name, "Class.forName of");
    return Class.forName(name, true, caller.getClassLoader());
  }

  public static Class<?> forName(String name, boolean init, ClassLoader loader)
      throws ClassNotFoundException {
    checkName(name, "Class.forName of");
    return Class.forName(name, init, loader);
  }

  public static Class<?> forName(Module module, String name) {
    checkName(name, "Class.forName of");
    return Class.forName(module, name);
  }

  // Class.forName(String) resolves with its caller's loader; ours is the helper's: the test's
  // thread runs with the run's loader as its context loader.
  private static ClassLoader callerLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : ClassLoader.getSystemClassLoader();
  }

  // ---- members of classes ----

  public static Field getDeclaredField(Class<?> c, String name) throws NoSuchFieldException {
    checkMember(c, name, "reflection on");
    return c.getDeclaredField(name);
  }

  public static Field getField(Class<?> c, String name) throws NoSuchFieldException {
    checkMember(c, name, "reflection on");
    return c.getField(name);
  }

  public static Field[] getDeclaredFields(Class<?> c) {
    checkClass(c, "reflection on");
    return Arrays.stream(c.getDeclaredFields()).filter(Guard::notProbe).toArray(Field[]::new);
  }

  public static Field[] getFields(Class<?> c) {
    checkClass(c, "reflection on");
    return Arrays.stream(c.getFields()).filter(Guard::notProbe).toArray(Field[]::new);
  }

  public static Method getDeclaredMethod(Class<?> c, String name, Class<?>... types)
      throws NoSuchMethodException {
    checkMember(c, name, "reflection on");
    checkParameters(types, "reflection on");
    return c.getDeclaredMethod(name, types);
  }

  public static Method getMethod(Class<?> c, String name, Class<?>... types)
      throws NoSuchMethodException {
    checkMember(c, name, "reflection on");
    checkParameters(types, "reflection on");
    return c.getMethod(name, types);
  }

  public static Method[] getDeclaredMethods(Class<?> c) {
    checkClass(c, "reflection on");
    return Arrays.stream(c.getDeclaredMethods()).filter(Guard::notProbe).toArray(Method[]::new);
  }

  public static Method[] getMethods(Class<?> c) {
    checkClass(c, "reflection on");
    return Arrays.stream(c.getMethods()).filter(Guard::notProbe).toArray(Method[]::new);
  }

  public static Constructor<?> getDeclaredConstructor(Class<?> c, Class<?>... types)
      throws NoSuchMethodException {
    checkClass(c, "reflection on");
    checkParameters(types, "reflection on");
    return c.getDeclaredConstructor(types);
  }

  public static Constructor<?> getConstructor(Class<?> c, Class<?>... types)
      throws NoSuchMethodException {
    checkClass(c, "reflection on");
    checkParameters(types, "reflection on");
    return c.getConstructor(types);
  }

  public static Constructor<?>[] getDeclaredConstructors(Class<?> c) {
    checkClass(c, "reflection on");
    return c.getDeclaredConstructors();
  }

  public static Constructor<?>[] getConstructors(Class<?> c) {
    checkClass(c, "reflection on");
    return c.getConstructors();
  }

  private static boolean notProbe(Member m) {
    return !m.getName().startsWith("$jacoco");
  }

  /** Before Method.invoke (caller-sensitive: it stays the test's call). */
  public static void checkInvoke(Method m) {
    checkMember(m, "a reflective call of");
    checkParameters(m.getParameterTypes(), "a reflective call of");
    checkHeapDump(m.getName(), m.getDeclaringClass());
  }

  /** Before Constructor.newInstance. */
  public static void checkNewInstance(Constructor<?> c) {
    checkMember(c, "a reflective call of");
    checkParameters(c.getParameterTypes(), "a reflective call of");
  }

  /** Before AccessibleObject.setAccessible(flag): the object stays on the stack. */
  public static void checkAccessible(AccessibleObject o, boolean flag) {
    if (o instanceof Member) {
      checkMember((Member) o, "setAccessible on");
    }
  }

  public static void checkAccessible(AccessibleObject[] all, boolean flag) {
    for (AccessibleObject o : all) {
      checkAccessible(o, flag);
    }
  }

  // ---- method handles ----

  public static MethodHandles.Lookup privateLookupIn(Class<?> c, MethodHandles.Lookup lookup)
      throws IllegalAccessException {
    checkClass(c, "a private lookup in");
    return MethodHandles.privateLookupIn(c, lookup);
  }

  public static MethodHandle findStatic(MethodHandles.Lookup l, Class<?> c, String n, MethodType t)
      throws NoSuchMethodException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findStatic(c, n, t);
  }

  public static MethodHandle findVirtual(MethodHandles.Lookup l, Class<?> c, String n, MethodType t)
      throws NoSuchMethodException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    checkParameters(t.parameterArray(), "a method handle of");
    checkHeapDump(n, c);
    return l.findVirtual(c, n, t);
  }

  public static MethodHandle findSpecial(
      MethodHandles.Lookup l, Class<?> c, String n, MethodType t, Class<?> caller)
      throws NoSuchMethodException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findSpecial(c, n, t, caller);
  }

  public static MethodHandle findConstructor(MethodHandles.Lookup l, Class<?> c, MethodType t)
      throws NoSuchMethodException, IllegalAccessException {
    checkClass(c, "a method handle of");
    return l.findConstructor(c, t);
  }

  public static MethodHandle findGetter(MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findGetter(c, n, t);
  }

  public static MethodHandle findSetter(MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findSetter(c, n, t);
  }

  public static MethodHandle findStaticGetter(
      MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findStaticGetter(c, n, t);
  }

  public static MethodHandle findStaticSetter(
      MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a method handle of");
    return l.findStaticSetter(c, n, t);
  }

  public static VarHandle findVarHandle(MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a VarHandle of");
    return l.findVarHandle(c, n, t);
  }

  public static VarHandle findStaticVarHandle(
      MethodHandles.Lookup l, Class<?> c, String n, Class<?> t)
      throws NoSuchFieldException, IllegalAccessException {
    checkMember(c, n, "a VarHandle of");
    return l.findStaticVarHandle(c, n, t);
  }

  public static Class<?> findClass(MethodHandles.Lookup l, String name)
      throws ClassNotFoundException, IllegalAccessException {
    checkName(name, "a lookup of");
    return l.findClass(name);
  }

  public static MethodHandle unreflect(MethodHandles.Lookup l, Method m)
      throws IllegalAccessException {
    checkInvoke(m);
    return l.unreflect(m);
  }

  public static MethodHandle unreflectGetter(MethodHandles.Lookup l, Field f)
      throws IllegalAccessException {
    checkMember(f, "a method handle of");
    return l.unreflectGetter(f);
  }

  public static MethodHandle unreflectSetter(MethodHandles.Lookup l, Field f)
      throws IllegalAccessException {
    checkMember(f, "a method handle of");
    return l.unreflectSetter(f);
  }

  public static VarHandle unreflectVarHandle(MethodHandles.Lookup l, Field f)
      throws IllegalAccessException {
    checkMember(f, "a VarHandle of");
    return l.unreflectVarHandle(f);
  }

  public static MethodHandles.Lookup in(MethodHandles.Lookup l, Class<?> c) {
    checkClass(c, "a lookup in");
    return l.in(c);
  }

  // ---- classes defined at run time ----

  /** A class file a test defines, guarded as its own classes are. */
  public static byte[] defineBytes(byte[] b, int off, int len) {
    return TestCodeGuard.guardDefined(Arrays.copyOfRange(b, off, off + len));
  }

  public static Class<?> defineClass(MethodHandles.Lookup l, byte[] bytes)
      throws IllegalAccessException {
    return l.defineClass(TestCodeGuard.guardDefined(bytes));
  }

  public static MethodHandles.Lookup defineHiddenClass(
      MethodHandles.Lookup l, byte[] bytes, boolean initialize,
      MethodHandles.Lookup.ClassOption... options)
      throws IllegalAccessException {
    return l.defineHiddenClass(TestCodeGuard.guardDefined(bytes), initialize, options);
  }

  // ---- management: heap dumps and diagnostic commands ----

  private static void checkHeapDump(String method, Class<?> owner) {
    String o = owner == null ? "" : owner.getName();
    if (method.equals("dumpHeap") || o.startsWith("com.sun.management.")) {
      refuse("a call of " + o + "." + method + " (a heap dump or diagnostic command)");
    }
  }

  public static void checkManagementInterface(Class<?> c) {
    if (c != null && c.getName().startsWith("com.sun.management.")) {
      refuse("the management bean " + c.getName() + " (heap dumps, diagnostic commands)");
    }
  }

  /** MBeanServer(Connection).invoke, but of com.sun.management's beans (heap dumps, jcmd). */
  public static Object mbeanInvoke(
      javax.management.MBeanServerConnection server,
      javax.management.ObjectName name,
      String operation,
      Object[] params,
      String[] signature)
      throws Exception {
    String bean = String.valueOf(name);
    if (bean.startsWith("com.sun.management") || "dumpHeap".equals(operation)) {
      refuse("the management operation " + bean + " " + operation);
    }
    return server.invoke(name, operation, params, signature);
  }

  /** Before AccessibleObject.trySetAccessible(): the object stays on the stack. */
  public static void checkAccessible(AccessibleObject o) {
    checkAccessible(o, true);
  }

  // ---- files: the protocol's descriptors and /proc ----

  /**
   * Why a path reaches the helper's own file descriptors or memory, or null: checked as it is
   * (absolute, `..` resolved) and as the file system resolves each of its parts that exist
   * (symbolic links followed, with the rest after it), so a link to /proc does not hide it, nor
   * does a last part that is itself a link out of /proc (/proc/self/fd/1 resolves to the file
   * on descriptor 1).
   */
  static String protectedPath(Path path) {
    Path p = path.toAbsolutePath().normalize();
    String why = protectedText(p.toString());
    if (why != null) {
      return why;
    }
    Path existing = p;
    while (existing != null && !Files.exists(existing, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    for (Path at = existing; at != null; at = at.getParent()) {
      try {
        Path real = at.toRealPath().resolve(at.relativize(p)).normalize();
        why = protectedText(real.toString());
        if (why != null) {
          return why;
        }
      } catch (java.io.IOException | SecurityException e) {
        // a part that cannot be resolved (a pipe under /proc/<pid>/fd): its parents are checked
      }
    }
    return null;
  }

  private static String protectedText(String p) {
    String[] parts = p.split("/");
    if (parts.length >= 3 && parts[1].equals("proc")) {
      String what = parts[2];
      if (what.equals("self") || what.equals("thread-self") || what.chars().allMatch(Character::isDigit)) {
        return "the process files " + p;
      }
    }
    if (p.equals("/dev/fd") || p.startsWith("/dev/fd/") || p.startsWith("/dev/std")) {
      return "the file descriptors " + p;
    }
    return null;
  }

  /** Before a call that opens the file at `p`: it stays on the stack. */
  public static void checkPath(Path p) {
    String why = p == null ? null : protectedPath(p);
    if (why != null) {
      refuse(why.toLowerCase(Locale.ROOT));
    }
  }

  public static void checkPaths(Path a, Path b) {
    checkPath(a);
    checkPath(b);
  }

  public static void checkPathText(String s) {
    if (s != null) {
      checkPath(new File(s).toPath());
    }
  }

  public static void checkFile(File f) {
    if (f != null) {
      checkPath(f.toPath());
    }
  }

  /** new File(parent, child), with File's own rules (an empty parent is the root). */
  public static void checkFilePair(String parent, String child) {
    if (child != null) {
      checkFile(new File(parent, child));
    }
  }

  public static void checkFilePair(File parent, String child) {
    if (child != null) {
      checkFile(new File(parent, child));
    }
  }
}
